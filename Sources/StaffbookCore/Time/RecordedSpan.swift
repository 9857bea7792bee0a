import Foundation

/// A span of time a person already has recorded.
package struct RecordedSpan: Sendable, Equatable {
    package var id: UUID
    package var projectId: UUID
    package var start: Date
    /// Nil: the running timer, which holds from its start on.
    package var end: Date?

    package init(id: UUID, projectId: UUID, start: Date, end: Date?) {
        self.id = id
        self.projectId = projectId
        self.start = start
        self.end = end
    }
}
