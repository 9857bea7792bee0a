import Prometheus
import StaffbookAPI
import StaffbookPostgres

/// The generated `APIProtocol`, answered by one handler per area, each holding only what its
/// operations use (`APIHandler+Forwarding.swift` routes every operation to its area). A class:
/// the generated server keeps its handler in a value it copies for every request, and copying
/// twenty areas' references cost a small request more than writing its JSON.
final class APIHandler: APIProtocol {
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

    /// Each area gets what its operations use, from the one set of services.
    init(services: Services, database: DatabasePool, metrics: PrometheusCollectorRegistry) {
        let config = services.config
        let clock = services.clock
        let idempotencyKeys = IdempotencyKeyHeader(lifetime: config.http.idempotencyKeyLifetime)
        let schemas = InvoiceSchemas(publicBaseURL: config.http.publicBaseURL)
        self.auth = AuthAPI(
            auth: services.auth, accounts: services.accounts, jobs: services.jobs, accountLinkStore: services.accountLinkStore,
            accountLinks: services.accountLinks, fourEyes: services.fourEyes, clock: clock
        )
        self.people = PeopleAPI(
            people: services.people, rates: services.rates, accountLinks: services.accountLinks, visibility: services.visibility,
            fourEyes: services.fourEyes, clock: clock
        )
        self.rates = RatesAPI(rates: services.rates, rateService: services.rateService, visibility: services.visibility, clock: clock)
        self.teams = TeamsAPI(teams: services.teams, clock: clock)
        self.invoices = InvoicesAPI(
            accounts: services.accounts, people: services.people, invoices: services.invoices, invoiceService: services.invoiceService,
            invoiceSchemas: schemas, fileLinks: services.fileLinks, idempotencyKeys: idempotencyKeys, checks: services.invoiceChecks,
            paymentRuns: services.paymentRuns, clock: clock
        )
        self.myInvoices = MyInvoicesAPI(
            invoices: services.invoices, people: services.people, invoiceSchemas: schemas, uploader: services.invoiceUploader, clock: clock
        )
        self.time = TimeAPI(
            timeEntries: services.timeEntries, timeService: services.timeService, catalog: services.catalog, teams: services.teams,
            visibility: services.visibility, idempotencyKeys: idempotencyKeys,
            importing: ConcurrencyGate(limit: config.http.maxConcurrentImports), companyName: config.companyName, clock: clock
        )
        self.timesheets = TimesheetsAPI(timesheets: services.timesheets, service: services.timesheetService, clock: clock)
        self.absences = AbsencesAPI(absences: services.absences, service: services.absenceService, teams: services.teams, clock: clock)
        self.calendarFeeds = CalendarFeedsAPI(feeds: services.calendarFeeds, links: services.calendarFeedLinks, teams: services.teams, clock: clock)
        self.notifications = NotificationsAPI(notifications: services.notifications, webhookPolicy: config.monthEnd.webhookPolicy, clock: clock)
        self.monthEnd = MonthEndAPI(
            jobs: services.jobs, monthEndStore: services.monthEndStore, service: services.monthEnd, accounts: services.accounts,
            clock: clock)
        self.payments = PaymentsAPI(
            runs: services.paymentRuns, service: services.paymentRunService, idempotencyKeys: idempotencyKeys,
            fileLinks: services.fileLinks, clock: clock
        )
        self.personalTokens = PersonalTokensAPI(
            tokens: services.personalTokens, issuer: services.tokenIssuer, accounts: services.accounts, clock: clock)
        self.audit = AuditAPI(audit: services.audit, clock: clock)
        self.webhooks = WebhooksAPI(
            webhooks: services.webhooks, registrar: services.webhookRegistrar, policy: services.config.monthEnd.webhookPolicy, clock: clock)
        self.changes = ChangesAPI(changes: services.changes, teams: services.teams, clock: clock)
        self.push = PushAPI(
            subscriptions: services.pushSubscriptions, devices: services.pushDevices, apnsConfigured: services.apns != nil,
            vapid: services.config.vapid, policy: services.config.monthEnd.webhookPolicy, clock: clock)
        self.personalData = PersonalDataAPI(exports: services.personalDataExporter, eraser: services.personalDataEraser)
        self.operations = OperationsAPI(database: database, metrics: metrics, metricsAccess: config.metricsAccess)
    }
}
