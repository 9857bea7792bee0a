import ArgumentParser
import StaffbookHTTP
import StaffbookPostgres

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending schema/ files and exit.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config = try options.load()
        let logger = options.logger(config)
        let migrator = try Migrator(schemaDirectory: config.schemaDirectory, logger: logger)
        let applied = try await DatabasePool.withRunning(config: config.database, logger: logger) { database in
            try await migrator.migrate(database)
        }
        print(applied.isEmpty ? "Database is up to date." : "Applied \(applied.count) migration(s).")
    }
}
