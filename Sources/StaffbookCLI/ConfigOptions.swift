import ArgumentParser
import Configuration
import Logging
import StaffbookHTTP

/// The configuration flags every command accepts, forwarded to swift-configuration.
struct ConfigOptions: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: "Configuration flags, e.g. --database-url postgres://… --http-port 8080.")
    var flags: [String] = []

    /// Reads and validates the configuration, or exits with a message naming the bad key.
    func load(overrides: [AbsoluteConfigKey: ConfigValue] = [:]) throws -> AppConfig {
        let reader = ConfigReader(providers: [
            InMemoryProvider(name: "command", values: overrides),
            CommandLineArgumentsProvider(arguments: ["staffbook"] + flags),
            EnvironmentVariablesProvider(),
        ])
        do {
            return try AppConfig.load(from: reader)
        } catch {
            FileHandleStderr.write("staffbook: \(error)\n")
            throw ExitCode(78)  // EX_CONFIG
        }
    }

    func logger(_ config: AppConfig) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = JSONLogHandler(label: label)
            handler.logLevel = config.logLevel
            return handler
        }
        return Logger(label: "staffbook")
    }
}
