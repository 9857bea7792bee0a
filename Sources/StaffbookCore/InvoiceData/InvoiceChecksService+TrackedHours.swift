import Foundation

extension InvoiceChecksService {
    /// Whether the tracked hours an invoice's amount comes from (a statement on tracked hours,
    /// or an uploaded invoice's amount checked against them) are approved now; nil when the
    /// amount does not come from tracked hours.
    package func trackedHoursApproved(_ invoice: Invoice, statement: StoredStatement?) async throws -> Bool? {
        let tracked = StatementCalculator.HoursBasis.tracked
        let fromTrackedHours = statement?.basis == tracked || invoice.checks.contains { $0.kind == .amount && $0.basis == tracked.rawValue }
        guard fromTrackedHours else { return nil }
        let timesheet = try await timesheets.timesheet(personId: invoice.personId, month: invoice.period)
        return TimesheetWorkflow.lockingStates.contains(timesheet.state)
    }
}
