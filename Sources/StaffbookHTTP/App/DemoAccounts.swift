import Logging
import StaffbookCore

/// The demo company of `seeds/`: its accounts are in the `staffbook.example` domain and share a
/// password published in the repository. They are for a local `make run`, never a deployment.
package enum DemoAccounts {
    package static let emailDomain = "staffbook.example"
    package static let password = "staffbook-demo"

    /// The demo accounts that still sign in with the demo password.
    static func usingDemoPassword(accounts: any AccountRepository, hasher: PasswordHasher) async throws -> [String] {
        var found: [String] = []
        for account in try await accounts.activeAccounts(inEmailDomain: emailDomain) {
            if try await hasher.verify(password, against: account.passwordHash) {
                found.append(account.email)
            }
        }
        return found
    }

    /// Whether the server listens only on this machine (where the demo is harmless).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Logs a warning naming each demo account that signs in with the published password.
    static func warnIfReachable(host: String, accounts: any AccountRepository, hasher: PasswordHasher, logger: Logger) async {
        guard !isLoopback(host) else { return }
        do {
            for email in try await usingDemoPassword(accounts: accounts, hasher: hasher) {
                logger.warning(
                    "a demo account signs in with the published demo password on a server reachable from other machines; deactivate it",
                    metadata: ["account": .string(email)]
                )
            }
        } catch {
            logger.warning("could not check for demo accounts", metadata: LoggedError.metadata(error))
        }
    }
}
