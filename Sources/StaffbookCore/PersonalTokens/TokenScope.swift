/// What a personal access token may do. A token never does more than its person may.
package enum TokenScope: String, Sendable, CaseIterable, Comparable {
    /// Pressing and reading the timer (and listing the projects to press it on).
    case timer
    case timeRead = "time:read"
    case timeWrite = "time:write"
    case invoicesRead = "invoices:read"

    package static func < (lhs: TokenScope, rhs: TokenScope) -> Bool { lhs.rawValue < rhs.rawValue }
}
