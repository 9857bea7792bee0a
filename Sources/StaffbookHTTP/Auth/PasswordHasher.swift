import HummingbirdBcrypt
import NIOPosix
import StaffbookCore

/// bcrypt, run on NIO's thread pool so hashing never blocks the request tasks.
package struct PasswordHasher: Sendable {
    let cost: Int
    /// Checked when the e-mail is unknown, so that path costs the same time as a wrong password.
    private let decoyHash: String

    package init(cost: Int) {
        self.cost = cost
        self.decoyHash = Bcrypt.hash("staffbook decoy password", cost: UInt8(cost))
    }

    package func hash(_ password: String) async throws -> String {
        let cost = UInt8(self.cost)
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash, does the same work and answers false.
    package func verify(_ password: String, against hash: String?) async throws -> Bool {
        let candidate = hash ?? decoyHash
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: candidate) }
        return matches && hash != nil
    }
}
