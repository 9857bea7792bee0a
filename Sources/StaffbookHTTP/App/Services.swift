import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

/// Every repository and service of the application, each built once from the configuration:
/// the HTTP areas and the job worker are handed the same ones.
package struct Services: Sendable {
    let config: AppConfig
    let clock: any AppClock
    let logger: Logger

    let accounts: PostgresAccountRepository
    let people: PostgresPeopleRepository
    let rates: PostgresRatesRepository
    let teams: PostgresTeamsRepository
    let invoices: PostgresInvoiceRepository
    let catalog: PostgresCatalogRepository
    let timeEntries: PostgresTimeEntryRepository
    let notifications: PostgresNotificationRepository
    let jobs: PostgresJobQueue
    let monthEndStore: PostgresMonthEndRepository
    let accountLinkStore: PostgresAccountLinkRepository
    let idempotency: PostgresIdempotencyStore
    let paymentRuns: PostgresPaymentRunRepository
    let personalTokens: PostgresPersonalTokenRepository
    let timesheets: PostgresTimesheetRepository
    let absences: PostgresAbsenceRepository
    let calendarFeeds: PostgresCalendarFeedRepository

    let auth: AuthService
    let invoiceService: InvoiceService
    let rateService: RateService
    let timeService: TimeService
    let timesheetService: TimesheetService
    let absenceService: AbsenceService
    let paymentRunService: PaymentRunService
    let monthEnd: MonthEndService
    let invoiceChecks: InvoiceChecksService
    let accountLinks: AccountLinks
    let fileLinks: FileLinks
    let calendarFeedLinks: CalendarFeedLinks
    let visibility: PersonVisibility

    package init(config: AppConfig, database: DatabasePool, clock: any AppClock, logger: Logger) async throws {
        guard let signingKey = config.auth.signingKey else {
            throw ConfigurationError(key: "auth.signingKey", reason: "missing; access tokens and links are signed with it")
        }
        (self.config, self.clock, self.logger) = (config, clock, logger)
        accounts = PostgresAccountRepository(database: database, logger: logger)
        people = PostgresPeopleRepository(database: database, logger: logger)
        rates = PostgresRatesRepository(database: database, logger: logger)
        teams = PostgresTeamsRepository(database: database, logger: logger)
        invoices = PostgresInvoiceRepository(database: database, logger: logger)
        catalog = PostgresCatalogRepository(database: database, logger: logger)
        timeEntries = PostgresTimeEntryRepository(database: database, logger: logger)
        notifications = PostgresNotificationRepository(database: database, logger: logger)
        jobs = PostgresJobQueue(database: database, logger: logger)
        monthEndStore = PostgresMonthEndRepository(database: database, logger: logger)
        accountLinkStore = PostgresAccountLinkRepository(database: database, logger: logger)
        idempotency = PostgresIdempotencyStore(database: database, logger: logger)
        paymentRuns = PostgresPaymentRunRepository(database: database, logger: logger)
        personalTokens = PostgresPersonalTokenRepository(database: database, logger: logger)

        auth = try await AuthService(
            config: config.auth, signingKey: signingKey, database: database, accounts: accounts, personalTokens: personalTokens, clock: clock,
            logger: logger)
        invoiceService = InvoiceService(invoices: invoices, idempotency: idempotency, clock: clock, companyName: config.companyName)
        rateService = RateService(rates: rates, invoices: invoices, invoiceService: invoiceService)
        timeService = TimeService(catalog: catalog, entries: timeEntries, idempotency: idempotency, clock: clock, parsing: WorkPool.documents)
        paymentRunService = PaymentRunService(runs: paymentRuns, idempotency: idempotency, clock: clock, parsing: WorkPool.documents)
        timesheets = PostgresTimesheetRepository(database: database, logger: logger)
        absences = PostgresAbsenceRepository(database: database, logger: logger)
        calendarFeeds = PostgresCalendarFeedRepository(database: database, logger: logger)
        monthEnd = MonthEndService(invoiceService: invoiceService, monthEnd: monthEndStore, timesheets: timesheets)
        invoiceChecks = InvoiceChecksService(
            store: invoices, companyIco: config.invoices.companyIco, tolerancePercent: config.invoices.amountTolerancePercent, timesheets: timesheets)
        accountLinks = AccountLinks(secret: signingKey.secret, linkBase: config.monthEnd.linkBase)
        fileLinks = FileLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL)
        calendarFeedLinks = CalendarFeedLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL)
        visibility = PersonVisibility(people: people)
        timesheetService = TimesheetService(timesheets: timesheets, entries: timeEntries, visibility: visibility, clock: clock)
        absenceService = AbsenceService(absences: absences, visibility: visibility, policy: config.vacation, clock: clock)
    }

    /// The month-end's worker: schedules, the queue's jobs, notification delivery.
    package func jobWorker() throws -> JobWorker {
        JobWorker(
            queue: jobs, monthEnd: monthEnd,
            deliverer: NotificationDeliverer(
                notifications: notifications, renderer: try NotificationRenderer(links: accountLinks), config: config.monthEnd,
                chat: ChatWebhook(policy: config.monthEnd.webhookPolicy), clock: clock
            ),
            links: accountLinks, idempotency: idempotency, checks: invoiceChecks, schedules: Schedule.monthEnd, config: config.monthEnd, clock: clock,
            logger: logger
        )
    }
}
