import Prometheus
import StaffbookPostgres

extension APIHandler {
    /// Each area gets what its operations use, from the one set of services.
    init(services: Services, database: DatabasePool, metrics: PrometheusCollectorRegistry) {
        let config = services.config
        let clock = services.clock
        let idempotencyKeys = IdempotencyKeyHeader(lifetime: config.http.idempotencyKeyLifetime)
        let schemas = InvoiceSchemas(publicBaseURL: config.http.publicBaseURL)
        self.init(
            auth: AuthAPI(
                auth: services.auth, accounts: services.accounts, jobs: services.jobs, accountLinkStore: services.accountLinkStore,
                accountLinks: services.accountLinks, clock: clock
            ),
            people: PeopleAPI(
                people: services.people, rates: services.rates, accountLinks: services.accountLinks, visibility: services.visibility, clock: clock
            ),
            rates: RatesAPI(rates: services.rates, rateService: services.rateService, visibility: services.visibility, clock: clock),
            teams: TeamsAPI(teams: services.teams, clock: clock),
            invoices: InvoicesAPI(
                accounts: services.accounts, people: services.people, invoices: services.invoices, invoiceService: services.invoiceService,
                invoiceSchemas: schemas, fileLinks: services.fileLinks, idempotencyKeys: idempotencyKeys, checks: services.invoiceChecks,
                paymentRuns: services.paymentRuns, clock: clock, listJSON: config.http.listJSON
            ),
            myInvoices: MyInvoicesAPI(
                invoices: services.invoices, people: services.people, invoiceSchemas: schemas, uploader: services.invoiceUploader, clock: clock
            ),
            time: TimeAPI(
                timeEntries: services.timeEntries, timeService: services.timeService, catalog: services.catalog, teams: services.teams,
                visibility: services.visibility, idempotencyKeys: idempotencyKeys,
                importing: ConcurrencyGate(limit: config.http.maxConcurrentImports), companyName: config.companyName, clock: clock,
                listJSON: config.http.listJSON
            ),
            timesheets: TimesheetsAPI(timesheets: services.timesheets, service: services.timesheetService, clock: clock),
            absences: AbsencesAPI(absences: services.absences, service: services.absenceService, teams: services.teams, clock: clock),
            calendarFeeds: CalendarFeedsAPI(feeds: services.calendarFeeds, links: services.calendarFeedLinks, teams: services.teams, clock: clock),
            notifications: NotificationsAPI(notifications: services.notifications, webhookPolicy: config.monthEnd.webhookPolicy, clock: clock),
            monthEnd: MonthEndAPI(
                jobs: services.jobs, monthEndStore: services.monthEndStore, service: services.monthEnd, accounts: services.accounts,
                clock: clock),
            payments: PaymentsAPI(
                runs: services.paymentRuns, service: services.paymentRunService, idempotencyKeys: idempotencyKeys,
                fileLinks: services.fileLinks, clock: clock
            ),
            personalTokens: PersonalTokensAPI(
                tokens: services.personalTokens, issuer: services.tokenIssuer, accounts: services.accounts, clock: clock),
            audit: AuditAPI(audit: services.audit, clock: clock),
            webhooks: WebhooksAPI(
                webhooks: services.webhooks, registrar: services.webhookRegistrar, policy: services.config.monthEnd.webhookPolicy, clock: clock),
            changes: ChangesAPI(changes: services.changes, teams: services.teams, clock: clock),
            push: PushAPI(
                subscriptions: services.pushSubscriptions, devices: services.pushDevices, apnsConfigured: services.apns != nil,
                vapid: services.config.vapid, policy: services.config.monthEnd.webhookPolicy, clock: clock),
            personalData: PersonalDataAPI(exports: services.personalDataExporter, eraser: services.personalDataEraser),
            operations: OperationsAPI(database: database, metrics: metrics, metricsAccess: config.metricsAccess)
        )
    }
}
