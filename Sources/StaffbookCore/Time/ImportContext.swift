import Foundation

/// What the store knows that a file is checked against.
package struct ImportContext: Sendable {
    package var matches: [NameMatch]
    /// The teams the person is a member of (which projects are open to them).
    package var memberTeams: Set<UUID>
    /// The person's entries that touch the file's span.
    package var recorded: [RecordedSpan]
    /// Months of the file's span whose invoice or statement is settled.
    package var settledMonths: Set<CalendarMonth>

    package init(matches: [NameMatch], memberTeams: Set<UUID>, recorded: [RecordedSpan], settledMonths: Set<CalendarMonth>) {
        self.matches = matches
        self.memberTeams = memberTeams
        self.recorded = recorded
        self.settledMonths = settledMonths
    }
}
