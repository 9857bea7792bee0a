import Foundation

/// What the month-end reads: the reminder schedule, who is missing an invoice, who the admins are.
package protocol MonthEndRepository: Sendable {
    func reminderSettings() async throws -> ReminderSettings
    func saveReminderSettings(_ settings: ReminderSettings, by: UUID, now: Date) async throws
    /// Active people with a contractor (ICO) contract in the month and no invoice for it, in
    /// Czech name order, with their teams and the previous month's invoice amount.
    func missingInvoices(period: CalendarMonth) async throws -> [MissingInvoice]
    /// The one person of `missingInvoices(period:)` with this id, or nil when they are not
    /// missing an invoice for the month (uploaded, no contractor contract, deactivated, unknown).
    func missingInvoice(personId: UUID, period: CalendarMonth) async throws -> MissingInvoice?
    /// Stores the reminder and its notification unless the person was reminded of the month on
    /// `day` already; true when it was stored.
    func recordReminder(_ notification: NewNotification, personId: UUID, period: CalendarMonth, on day: CalendarDay, now: Date) async throws -> Bool
    /// How many of the month's submitted invoices have a failing or unconfirmed check.
    func invoicesNeedingAttention(period: CalendarMonth) async throws -> Int
    /// Numbers of the payment runs sent at least the payment settings' days before `day` that
    /// still wait for a statement.
    func unpaidRuns(on day: CalendarDay) async throws -> [Int]
    /// Invoices, payment runs and changes of who is an admin waiting for a second admin at `now`
    /// (the four-eyes rule).
    func secondAdminWaits(now: Date) async throws -> Int
    /// The active admins.
    func activeAdmins() async throws -> [UUID]
    /// People away the whole of `first...last`: one approved whole-day absence covers it.
    func peopleAway(from first: CalendarDay, to last: CalendarDay) async throws -> Set<UUID>
}
