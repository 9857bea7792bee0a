import ArgumentParser
import StaffbookHTTP
import StaffbookPostgres

struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load the demo data in seeds/ (idempotent) and exit.",
        discussion: """
            The demo accounts share a password published in the repository: they are for local \
            development. Loading them into a database that holds any other account is refused.
            """
    )

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let outcome = try await DatabasePool.withRunning(config: config.database, logger: logger) { database -> Result<[String], Refusal> in
            let others = try await PostgresAccountRepository(database: database, logger: logger)
                .countAccounts(outsideEmailDomain: DemoAccounts.emailDomain)
            guard others == 0 else { return .failure(Refusal(others: others)) }
            return .success(try await Seeder(directory: config.seedsDirectory, logger: logger).seed(database))
        }
        switch outcome {
        case .success(let files):
            print("Loaded \(files.count) seed file(s).")
        case .failure(let refusal):
            FileHandleStderr.write(
                "staffbook: refusing to load the demo accounts (password in the repository) into a database that holds "
                    + "\(refusal.others) other account(s); use create-admin for a real installation\n"
            )
            throw ExitCode(65)
        }
    }

    struct Refusal: Error {
        var others: Int
    }
}
