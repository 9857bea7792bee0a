import HummingbirdBcrypt
import StaffbookCore
import Synchronization

/// bcrypt, run on threads of its own (`WorkPool.passwords`): hashing never blocks the request
/// tasks, and no other blocking work can take its threads.
package final class PasswordHasher: Sendable {
    /// The cost new hashes are made with. Stored hashes keep the cost they were made with.
    package let cost: Int
    /// Checked when there is no hash to check (an unknown e-mail): of the configured cost, so that
    /// path costs what checking a current hash does.
    private let decoyHash = Mutex<String?>(nil)

    package init(cost: Int) {
        self.cost = cost
    }

    package func hash(_ password: String) async throws -> String {
        let cost = UInt8(self.cost)
        return try await WorkPool.passwords.run { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`. Without a hash, checks the decoy and answers false, so
    /// the answer takes as long as a real check. A wrong password against a hash of a lower cost
    /// than the configured one (made before the cost was raised, or by the demo seeds) is checked
    /// again until the work equals one check at the configured cost: bcrypt's work doubles with
    /// each step of cost, so 2^(difference) checks at the stored cost are one at the configured
    /// cost, and the answer cannot tell an old account from an unknown address.
    package func verify(_ password: String, against hash: String?) async throws -> Bool {
        guard let hash else {
            let decoy = try await decoy()
            _ = try await WorkPool.passwords.run { Bcrypt.verify(password, hash: decoy) }
            return false
        }
        let matches = try await WorkPool.passwords.run { Bcrypt.verify(password, hash: hash) }
        if !matches, let stored = Self.cost(of: hash), case let rounds = Self.paddingChecks(stored: stored, configured: cost), rounds > 0 {
            _ = try await WorkPool.passwords.run {
                for _ in 0..<rounds { _ = Bcrypt.verify(password, hash: hash) }
            }
        }
        return matches
    }

    /// Checks at the stored cost that, after the first, make a refusal cost one check at the
    /// configured cost: 2^(configured − stored) − 1 (none when the stored hash is as costly).
    static func paddingChecks(stored: Int, configured: Int) -> Int {
        guard stored < configured else { return 0 }
        return (1 << min(configured - stored, 10)) - 1
    }

    /// The decoy hash, made once (on the thread pool) at the configured cost and kept.
    package func decoy() async throws -> String {
        if let decoy = decoyHash.withLock({ $0 }) { return decoy }
        let cost = UInt8(clamping: min(max(self.cost, 4), 31))
        let made = try await WorkPool.passwords.run { Bcrypt.hash("staffbook decoy password", cost: cost) }
        decoyHash.withLock { $0 = made }
        return made
    }

    /// The cost a stored bcrypt hash was made with (`$2b$10$…` → 10).
    package static func cost(of hash: String) -> Int? {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[0].hasPrefix("2") else { return nil }
        return Int(parts[1])
    }
}
