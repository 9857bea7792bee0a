import Foundation

/// One item of a batch a device sends after working offline: an entry under the id the device
/// made for it, or a timer press. The ids are the keys: a batch sent again changes nothing.
package struct BatchEntry: Sendable, Equatable {
    package var id: UUID
    /// The version the device last saw (`If-Match`); needed to change an entry that exists.
    package var condition: VersionCondition?
    package var fields: TimeEntryFields

    package init(id: UUID, condition: VersionCondition?, fields: TimeEntryFields) {
        self.id = id
        self.condition = condition
        self.fields = fields
    }
}

/// A timer press made offline, under the id the device made for it.
package struct BatchPress: Sendable {
    package var id: UUID
    package var button: TimeService.TimerButton
    package var at: Date
    package var start: TimeService.TimerRequest?

    package init(id: UUID, button: TimeService.TimerButton, at: Date, start: TimeService.TimerRequest?) {
        self.id = id
        self.button = button
        self.at = at
        self.start = start
    }
}

/// What became of one item of a batch.
package enum BatchOutcome: Sendable, Equatable {
    case created(TimeEntry?)
    case updated(TimeEntry)
    /// The entry already says this (the batch was sent before), or the press was already made.
    case unchanged(TimeEntry?)
    /// The entry changed since the version the device names (or it named none): the current
    /// one, for the device to merge.
    case stale(TimeEntry)
    /// The rules refused the item; the others are applied regardless.
    case refused(TimeError)

    /// An entry already there says what the item asks, billable aside when the item leaves it
    /// to the project.
    package static func says(_ entry: TimeEntry, _ fields: TimeEntryFields) -> Bool {
        entry.projectId == fields.projectId && entry.description == fields.description && entry.start == fields.start
            && entry.end == fields.end && entry.tags == fields.tags && (fields.billable == nil || fields.billable == entry.billable)
    }
}
