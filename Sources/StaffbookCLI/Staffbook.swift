import ArgumentParser
import Configuration
import Dispatch
import Logging

struct Staffbook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staffbook",
        abstract: "The Staffbook back-office service.",
        discussion: """
            Settings come from flags (--http-port 8080) and environment variables (HTTP_PORT=8080); \
            flags win. See .env.example for every key.
            """,
        subcommands: [
            Serve.self, Worker.self, Migrate.self, Seed.self, CreateAdmin.self, DeactivateAccount.self, FourEyesRelease.self, VAPIDKey.self,
        ],
        defaultSubcommand: Serve.self
    )
}

/// The entry point. The command runs in a task while the main thread waits for it, instead of
/// the main thread being handed to Dispatch as an `async` main does: valgrind (Debian 12's
/// 3.19), under which `make bench` counts the server's instructions per request, crashes on
/// Dispatch's main-thread signal loop before the first line of the program runs.
@main
enum Main {
    static func main() {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                var command = try Staffbook.parseAsRoot()
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
            } catch {
                Staffbook.exit(withError: error)
            }
            finished.signal()
        }
        finished.wait()
    }
}
