import HummingbirdBcrypt
import NIOPosix
import StaffbookCore
import Synchronization

/// bcrypt, run on NIO's thread pool so hashing never blocks the request tasks.
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
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`. Without a hash, checks the decoy and answers false, so
    /// the answer takes as long as a real check.
    package func verify(_ password: String, against hash: String?) async throws -> Bool {
        let candidate: String
        if let hash {
            candidate = hash
        } else {
            candidate = try await decoy()
        }
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: candidate) }
        return matches && hash != nil
    }

    /// The decoy hash, made once (on the thread pool) at the configured cost and kept.
    package func decoy() async throws -> String {
        if let decoy = decoyHash.withLock({ $0 }) { return decoy }
        let cost = UInt8(clamping: min(max(self.cost, 4), 31))
        let made = try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash("staffbook decoy password", cost: cost) }
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
