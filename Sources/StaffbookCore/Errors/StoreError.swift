/// A repository could not do what it was asked, for a reason that is not a rule of the domain.
/// The store's own errors are classified into these once, where they arise; the HTTP layer maps
/// each to its answer.
package enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The store cannot be reached or is overloaded (no connection, shutting down, too many
    /// connections, a serialization failure): retrying later may succeed.
    case unavailable
    /// A value was refused as data (out of range, not valid in its type); `column` names it
    /// when the store said which.
    case invalidData(column: String?)
    /// A constraint the code did not expect to be violated: a bug, not the caller's doing.
    case unexpectedConstraint(name: String?)
    /// A stored row could not be read into its value.
    case malformedRow(column: String)
    /// Anything else; `code` is the store's own error code when there is one.
    case failed(code: String?)

    /// Safe to log: names codes and columns, never values.
    package var description: String {
        switch self {
        case .unavailable: "store unavailable"
        case .invalidData(let column): "invalid data" + (column.map { " in column \($0)" } ?? "")
        case .unexpectedConstraint(let name): "unexpected constraint violation " + (name ?? "")
        case .malformedRow(let column): "malformed row: column \(column)"
        case .failed(let code): "store failure " + (code ?? "")
        }
    }
}
