import ArgumentParser
import StaffbookHTTP
import StaffbookPostgres

struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Load the demo data in seeds/ (idempotent) and exit.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let files = try await DatabasePool.withRunning(config: config.database, logger: logger) { database in
            try await Seeder(directory: config.seedsDirectory, logger: logger).seed(database)
        }
        print("Loaded \(files.count) seed file(s).")
    }
}
