import Foundation

/// Why a line of a time file was not imported.
package enum ImportProblemCode: String, Sendable, Equatable {
    case unreadableStart = "unreadable_start"
    case unreadableEnd = "unreadable_end"
    case noClientOrProject = "no_client_or_project"
    case endsBeforeStart = "ends_before_start"
    case longerThanADay = "longer_than_a_day"
    case inFuture = "in_future"
    case tooEarly = "too_early"
    /// The description or a tag breaks the text rules of entries.
    case text
    /// A client or project name over 200 characters or with control characters.
    case name
    case projectNotOpen = "project_not_open"
    case unknownClient = "unknown_client"
    case unknownProject = "unknown_project"
    /// The line's month is approved or paid.
    case settled
    /// It overlaps an earlier line of the same file.
    case overlapsFile = "overlaps_file"
}

/// A line that was not imported, and why.
package struct ImportProblem: Error, Sendable, Equatable {
    package var line: Int
    package var code: ImportProblemCode
    /// The settled month, for `settled`.
    package var month: CalendarMonth?

    package init(line: Int, code: ImportProblemCode, month: CalendarMonth? = nil) {
        self.line = line
        self.code = code
        self.month = month
    }
}
