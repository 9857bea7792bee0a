import HummingbirdBcrypt
import PostgresNIO
import StaffbookPostgres

extension TestDatabase {
    /// Every demo account's password.
    package static let demoPassword = "staffbook-demo"

    /// The demo password at the tests' bcrypt cost (4), made once per process.
    static let demoPasswordHash = Bcrypt.hash(demoPassword, cost: 4)

    /// The demo company, its passwords hashed at the tests' cost instead of the seeds' 10. Nearly
    /// every test signs in a few demo people; at cost 10 in a debug build each sign-in holds one
    /// of the shared thread pool's threads for a noticeable time, and on a two-core machine those
    /// sign-ins queued for over a minute. The seeds' own hashes are tested as they are
    /// (`DemoDataTests`).
    package static func seedDemo(_ pool: DatabasePool) async throws {
        try await Seeder(directory: seedsDirectory, logger: logger).seed(pool)
        let hash = demoPasswordHash
        try await pool.withConnection { connection in
            _ = try await connection.query(
                "UPDATE accounts SET password_hash = \(hash) WHERE password_hash IS NOT NULL", logger: logger
            ).collect()
        }
    }
}
