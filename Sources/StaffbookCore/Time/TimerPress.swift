import Foundation

/// What a running timer is recording: its project and text.
package struct TimerWork: Sendable, Equatable, Codable {
    package var projectId: UUID
    package var description: String
    package var tags: [String]
    /// As the project was when the timer started.
    package var billable: Bool

    package init(projectId: UUID, description: String, tags: [String], billable: Bool) {
        self.projectId = projectId
        self.description = description
        self.tags = tags
        self.billable = billable
    }

    /// A start asking for this work while it runs changes nothing (automations fire again).
    package func isSameTask(as other: TimerWork) -> Bool {
        projectId == other.projectId && description == other.description && tags == other.tags
    }
}

/// One press of a timer button, at the moment it was pressed.
package struct TimerPress: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case start(TimerWork)
        case stop
        case cancel
    }

    package var action: Action
    package var at: Date
    /// The id the device made for the press, when it sends presses it made offline: a press is
    /// made once.
    package var id: UUID?

    package init(_ action: Action, at: Date, id: UUID? = nil) {
        self.action = action
        self.at = at
        self.id = id
    }

    package var name: String {
        switch action {
        case .start: "start"
        case .stop: "stop"
        case .cancel: "cancel"
        }
    }
}

/// An entry the timer's presses make: finished, or running when `end` is nil.
package struct TimerSpan: Sendable, Equatable {
    package var start: Date
    package var end: Date?
    package var work: TimerWork
    /// It ran over 24 hours and was ended at 24.
    package var capped: Bool

    package init(start: Date, end: Date?, work: TimerWork, capped: Bool = false) {
        self.start = start
        self.end = end
        self.work = work
        self.capped = capped
    }
}
