import PostgresNIO
import StaffbookCore

extension PSQLError {
    /// The SQLSTATE the server answered with, e.g. `23505` for a unique violation.
    package var sqlState: String? { serverInfo?[.sqlState] }
    /// The constraint the server named, when one was violated.
    package var constraintName: String? { serverInfo?[.constraintName] }

    package var isUniqueViolation: Bool { sqlState == "23505" }
    package var isExclusionViolation: Bool { sqlState == "23P01" }
    package var isForeignKeyViolation: Bool { sqlState == "23503" }
}

extension StoreError {
    /// The one place PostgreSQL's errors are sorted into what they mean for the caller.
    ///
    /// - the connection, or the server refusing or ending it (`08`, `53`, `57P0x`), and
    ///   serialization failures and deadlocks (`40001`, `40P01`, a retry succeeds): unavailable;
    /// - a statement that ran past its time budget (`57014`): unavailable, worth a later retry;
    /// - data exceptions (`22`) and check constraints (`23514`, a length or range the table
    ///   keeps): a value PostgreSQL will not take, named when it says which;
    /// - integrity violations (`23`) that reach here: no code expected them;
    /// - anything else: a failure of ours.
    package init(_ error: PSQLError) {
        guard error.code == .server else {
            self = .unavailable
            return
        }
        let state = error.sqlState ?? ""
        switch state {
        case _ where state.hasPrefix("08"), _ where state.hasPrefix("53"), _ where state.hasPrefix("57P0"), "40001", "40P01", "57014":
            self = .unavailable
        case _ where state.hasPrefix("22"):
            self = .invalidData(column: error.serverInfo?[.columnName])
        case "23514":
            self = .invalidData(column: error.serverInfo?[.columnName] ?? error.constraintName)
        case _ where state.hasPrefix("23"):
            self = .unexpectedConstraint(name: error.constraintName)
        default:
            self = .failed(code: state.isEmpty ? nil : state)
        }
    }

    /// Classifies anything the database layer threw; errors that are already the domain's pass
    /// through unchanged.
    package static func classify(_ error: any Error) -> any Error {
        switch error {
        case let error as PSQLError: StoreError(error)
        case let error as PostgresDecodingError: StoreError.malformedRow(column: error.columnName)
        default: error
        }
    }
}
