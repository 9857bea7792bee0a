import Foundation

/// Time a person worked on a project; without an end, their running timer.
package struct TimeEntry: Sendable, Equatable, Codable {
    package var id: UUID
    package var personId: UUID
    package var projectId: UUID
    package var projectName: String
    package var clientId: UUID
    package var clientName: String
    package var description: String
    package var start: Date
    package var end: Date?
    package var tags: [String]
    package var billable: Bool
    package var version: Int

    package init(
        id: UUID, personId: UUID, projectId: UUID, projectName: String, clientId: UUID, clientName: String, description: String,
        start: Date, end: Date?, tags: [String], billable: Bool, version: Int
    ) {
        self.id = id
        self.personId = personId
        self.projectId = projectId
        self.projectName = projectName
        self.clientId = clientId
        self.clientName = clientName
        self.description = description
        self.start = start
        self.end = end
        self.tags = tags
        self.billable = billable
        self.version = version
    }

    package var etag: String { "\"v\(version)\"" }

    /// Whole seconds worked; nil while running.
    package var seconds: Int? { end.map { Int($0.timeIntervalSince(start)) } }
}

/// An entry to write: new, or the whole of one after a change.
package struct TimeEntryFields: Sendable, Equatable {
    package var projectId: UUID
    package var description: String
    package var start: Date
    package var end: Date
    package var tags: [String]
    /// Nil: as the project is.
    package var billable: Bool?

    package init(projectId: UUID, description: String, start: Date, end: Date, tags: [String], billable: Bool?) {
        self.projectId = projectId
        self.description = description
        self.start = start
        self.end = end
        self.tags = tags
        self.billable = billable
    }
}

/// Changes to an entry (nil: unchanged).
package struct TimeEntryPatch: Sendable, Equatable {
    package var projectId: UUID?
    package var description: String?
    package var start: Date?
    package var end: Date?
    package var tags: [String]?
    package var billable: Bool?

    package init(
        projectId: UUID? = nil, description: String? = nil, start: Date? = nil, end: Date? = nil, tags: [String]? = nil, billable: Bool? = nil
    ) {
        self.projectId = projectId
        self.description = description
        self.start = start
        self.end = end
        self.tags = tags
        self.billable = billable
    }
}

/// Who writes an entry and on whose behalf: its owner, or an admin (who may write in a locked
/// month with a reason, kept in the audit log).
package struct TimeActor: Sendable, Equatable {
    package var callerId: UUID
    package var isAdmin: Bool
    package var reason: String?

    package init(callerId: UUID, isAdmin: Bool, reason: String? = nil) {
        self.callerId = callerId
        self.isAdmin = isAdmin
        self.reason = reason
    }
}

/// The timer as an automation sees it after pressing a button.
package struct TimerState: Sendable, Equatable, Codable {
    /// The entry running now, if any.
    package var running: TimeEntry?
    /// The entry this press ended, if any.
    package var stopped: TimeEntry?
    /// The entry this start made when it is not the one running: a start that arrives after a
    /// stop pressed later, whose entry both presses made and which has ended already.
    package var started: TimeEntry?
    /// The stopped entry ran past 24 hours and was ended at 24.
    package var capped: Bool
    /// The press changed the person's entries, or was kept to end a start pressed before it that
    /// arrives later (a stop or cancel sent late, with the moment it was pressed). A repeated
    /// start, a stop pressed now with nothing running, or a press sent again does not.
    package var changed: Bool

    package init(running: TimeEntry?, stopped: TimeEntry? = nil, started: TimeEntry? = nil, capped: Bool = false, changed: Bool = false) {
        self.running = running
        self.stopped = stopped
        self.started = started
        self.capped = capped
        self.changed = changed
    }

    private enum CodingKeys: String, CodingKey { case running, stopped, started, capped, changed }

    /// Answers kept for idempotency keys before presses said whether they changed anything read as changed.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        running = try container.decodeIfPresent(TimeEntry.self, forKey: .running)
        stopped = try container.decodeIfPresent(TimeEntry.self, forKey: .stopped)
        started = try container.decodeIfPresent(TimeEntry.self, forKey: .started)
        capped = try container.decode(Bool.self, forKey: .capped)
        changed = try container.decodeIfPresent(Bool.self, forKey: .changed) ?? true
    }
}

/// A range of days, both ends included, in Prague.
package struct DayRange: Sendable, Equatable {
    package var from: CalendarDay
    package var to: CalendarDay

    package init(from: CalendarDay, to: CalendarDay) {
        self.from = from
        self.to = to
    }

    package init(month: CalendarMonth) {
        self.init(from: month.firstDay, to: month.lastDay)
    }

    /// The first instant of `from` and the first instant after `to`, in Prague.
    package var instants: (start: Date, end: Date) {
        (TimeRules.midnight(from), TimeRules.midnight(to.adding(days: 1)))
    }

    package var days: [CalendarDay] {
        guard from <= to else { return [] }
        return (0...(to.daysSinceEpoch - from.daysSinceEpoch)).map { from.adding(days: $0) }
    }
}
