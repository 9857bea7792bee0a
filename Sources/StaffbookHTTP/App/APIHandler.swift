import StaffbookAPI

/// The generated `APIProtocol`, answered by one handler per area, each holding only what its
/// operations use (`APIHandler+Forwarding.swift` routes every operation to its area).
struct APIHandler: APIProtocol {
    let auth: AuthAPI
    let people: PeopleAPI
    let rates: RatesAPI
    let teams: TeamsAPI
    let invoices: InvoicesAPI
    let myInvoices: MyInvoicesAPI
    let time: TimeAPI
    let timesheets: TimesheetsAPI
    let absences: AbsencesAPI
    let calendarFeeds: CalendarFeedsAPI
    let notifications: NotificationsAPI
    let monthEnd: MonthEndAPI
    let payments: PaymentsAPI
    let personalTokens: PersonalTokensAPI
    let audit: AuditAPI
    let webhooks: WebhooksAPI
    let changes: ChangesAPI
    let push: PushAPI
    let personalData: PersonalDataAPI
    let operations: OperationsAPI
}
