import ArgumentParser
import Configuration
import Logging

@main
struct Staffbook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staffbook",
        abstract: "The Staffbook back-office service.",
        discussion: """
            Settings come from flags (--http-port 8080) and environment variables (HTTP_PORT=8080); \
            flags win. See .env.example for every key.
            """,
        subcommands: [Serve.self, Migrate.self, Seed.self, CreateAdmin.self, DeactivateAccount.self],
        defaultSubcommand: Serve.self
    )
}
