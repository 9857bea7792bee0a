import Foundation

/// The month-end jobs' work: the previous month's statements on the 1st, and on each reminder
/// day a reminder to everyone still missing an invoice or a submitted timesheet, and to leaders
/// with months to approve, with a digest for the admins on the last.
package struct MonthEndService: Sendable {
    package let invoiceService: InvoiceService
    package let monthEnd: any MonthEndRepository
    package let timesheets: any TimesheetRepository

    package init(invoiceService: InvoiceService, monthEnd: any MonthEndRepository, timesheets: any TimesheetRepository) {
        self.invoiceService = invoiceService
        self.monthEnd = monthEnd
        self.timesheets = timesheets
    }

    /// Generates the statements of the month before `day`. Each new statement tells its employee
    /// in the transaction that stores it, so a repeated run tells nobody twice.
    package func statements(on day: CalendarDay) async throws -> [JobEffect] {
        _ = try await invoiceService.generateStatements(month: day.calendarMonth.adding(months: -1), givenHours: [:], actorId: nil)
        return []
    }

    /// The reminders (and, on the last reminder day, the digest) due on `day` for the month before.
    /// `evenOffSchedule` (an admin's run by hand) reminds also on a day that is not a reminder day.
    package func reminders(on day: CalendarDay, evenOffSchedule: Bool = false) async throws -> [JobEffect] {
        let settings = try await monthEnd.reminderSettings()
        let scheduled = settings.reminder(on: day)
        guard let (sequence, count) = scheduled ?? (evenOffSchedule ? (0, 0) : nil) else { return [] }
        let period = day.calendarMonth.adding(months: -1)
        let missing = try await monthEnd.missingInvoices(period: period)
        // Someone away for every reminder day of this month is not reminded (the digest still
        // lists them); a reminder run by hand looks at its own day.
        let window = settings.reminderDays(in: day.calendarMonth)
        let away = try await monthEnd.peopleAway(from: scheduled != nil ? window.first ?? day : day, to: scheduled != nil ? window.last ?? day : day)
        var effects: [JobEffect] = missing.filter { !away.contains($0.personId) }.map { person in
            .reminded(
                personId: person.personId, period: period, on: day,
                notification: NewNotification(
                    accountId: person.personId, kind: .invoiceReminder,
                    payload: NotificationPayload(
                        period: period.iso, sequence: sequence > 0 ? sequence : nil, of: count > 0 ? count : nil
                    )
                )
            )
        }
        effects += try await timesheetReminders(period: period, sequence: sequence, count: count, away: away)
        if scheduled != nil, sequence == count {
            var payload = Self.digest(period: period, missing: missing, attention: try await monthEnd.invoicesNeedingAttention(period: period))
            let unpaid = try await monthEnd.unpaidRuns(on: day)
            payload.unpaidRuns = unpaid.isEmpty ? nil : unpaid
            let waits = try await monthEnd.secondAdminWaits(now: TimeRules.midnight(day.adding(days: 1)))
            payload.secondAdminWaits = waits > 0 ? waits : nil
            let counts = try await timesheets.counts(month: period)
            payload.unsubmittedTimesheets = TimesheetWorkflow.rule(.submit).from.reduce(0) { $0 + counts[$1, default: 0] }
            payload.unapprovedTimesheets = TimesheetWorkflow.rule(.approve).from.reduce(0) { $0 + counts[$1, default: 0] }
            for admin in try await monthEnd.activeAdmins() {
                effects.append(.notify(NewNotification(accountId: admin, kind: .missingInvoicesDigest, payload: payload)))
            }
            effects.append(.notify(NewNotification(accountId: nil, kind: .missingInvoicesDigest, payload: payload)))
        }
        return effects
    }

    /// An admin's "remind now" of one person missing the invoice for `period`: the same reminder
    /// as the schedule's, at most once a day per person and month (a second press the same day
    /// sends nothing and answers false). A month that has not begun has nothing to remind of.
    package func remindNow(personId: UUID, period: CalendarMonth, on day: CalendarDay, now: Date) async throws -> Bool {
        guard period <= day.calendarMonth else { throw InvoiceError.futurePeriod }
        guard try await monthEnd.missingInvoice(personId: personId, period: period) != nil else {
            throw InvoiceError.notMissing(period: period)
        }
        let notification = NewNotification(
            accountId: personId, kind: .invoiceReminder, payload: NotificationPayload(period: period.iso, sequence: nil, of: nil))
        return try await monthEnd.recordReminder(notification, personId: personId, period: period, on: day, now: now)
    }

    /// People who tracked time in the month and have not submitted it, and leaders with
    /// members' months to approve (the states come from the workflow's table).
    private func timesheetReminders(period: CalendarMonth, sequence: Int, count: Int, away: Set<UUID>) async throws -> [JobEffect] {
        let unsubmitted = try await timesheets.people(month: period, in: TimesheetWorkflow.rule(.submit).from).filter { !away.contains($0) }
        let waiting = try await timesheets.leaders(month: period, waitingIn: TimesheetWorkflow.rule(.approve).from).filter {
            !away.contains($0.leaderId)
        }
        let (sequence, count) = (sequence > 0 ? sequence : nil, count > 0 ? count : nil)
        return unsubmitted.map { person in
            .notify(
                NewNotification(
                    accountId: person, kind: .timesheetReminder, payload: NotificationPayload(period: period.iso, sequence: sequence, of: count)))
        }
            + waiting.map { leader in
                .notify(
                    NewNotification(
                        accountId: leader.leaderId, kind: .timesheetApprovalReminder,
                        payload: NotificationPayload(period: period.iso, sequence: sequence, of: count, waiting: leader.count)))
            }
    }

    /// Who is missing, by team (someone in no team under "—"), each with last month's amount, and
    /// how many submitted invoices wait on a failing or unconfirmed check.
    package static func digest(period: CalendarMonth, missing: [MissingInvoice], attention: Int) -> NotificationPayload {
        let entries = missing.flatMap { person in
            (person.teams.isEmpty ? ["—"] : person.teams).map { team in
                NotificationPayload.MissingPerson(
                    name: "\(person.firstName) \(person.lastName)", team: team, previousAmount: person.previousAmount.map { Money.format($0) }
                )
            }
        }
        let sorted = entries.enumerated().sorted { lhs, rhs in
            lhs.element.team == rhs.element.team ? lhs.offset < rhs.offset : lhs.element.team < rhs.element.team
        }.map(\.element)
        return NotificationPayload(period: period.iso, missing: sorted, attention: attention)
    }
}
