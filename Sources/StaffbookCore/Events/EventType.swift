import Foundation

/// What happened, as other systems subscribe to it and apps read it from the changes feed. The
/// database writes one event per change, in the transaction of the change.
package enum EventType: String, Sendable, CaseIterable, Codable {
    case invoiceSubmitted = "invoice.submitted"
    case invoiceApproved = "invoice.approved"
    case invoiceReturned = "invoice.returned"
    case invoicePaid = "invoice.paid"
    case paymentRunApproved = "payment_run.approved"
    case paymentRunSent = "payment_run.sent"
    case paymentRunPaid = "payment_run.paid"
    case timeEntryCreated = "time_entry.created"
    case timeEntryUpdated = "time_entry.updated"
    case timeEntryDeleted = "time_entry.deleted"
    case timerStarted = "timer.started"
    case timerStopped = "timer.stopped"
    case timesheetSubmitted = "timesheet.submitted"
    case timesheetApproved = "timesheet.approved"
    case timesheetReturned = "timesheet.returned"
    case absenceRequested = "absence.requested"
    case absenceApproved = "absence.approved"
    case absenceRejected = "absence.rejected"
    case absenceCancelled = "absence.cancelled"
    case personCreated = "person.created"
    case personUpdated = "person.updated"
    case personDeactivated = "person.deactivated"
}

/// What an event is about.
package enum EventResource: String, Sendable, CaseIterable, Codable {
    case timeEntry = "time_entry"
    case invoice, timesheet, absence, person
    case paymentRun = "payment_run"

    /// What a person's and a team's changes feed carry: their own work, not the company's.
    package static let inFeeds: [EventResource] = [.timeEntry, .invoice, .timesheet, .absence]
}
