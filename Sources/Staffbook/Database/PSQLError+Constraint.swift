import PostgresNIO

extension PSQLError {
    /// The SQLSTATE the server answered with, e.g. `23505` for a unique violation.
    var sqlState: String? { serverInfo?[.sqlState] }
    /// The constraint the server named, when one was violated.
    var constraintName: String? { serverInfo?[.constraintName] }

    var isUniqueViolation: Bool { sqlState == "23505" }
    var isExclusionViolation: Bool { sqlState == "23P01" }
    var isForeignKeyViolation: Bool { sqlState == "23503" }
}
