import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

/// Every repository and service of the application, each built once from the configuration:
/// the HTTP areas and the job worker are handed the same ones.
package struct Services: Sendable {
    package let config: AppConfig
    package let clock: any AppClock
    package let logger: Logger

    package let accounts: PostgresAccountRepository
    package let people: PostgresPeopleRepository
    package let rates: PostgresRatesRepository
    package let teams: PostgresTeamsRepository
    package let invoices: PostgresInvoiceRepository
    package let catalog: PostgresCatalogRepository
    package let timeEntries: PostgresTimeEntryRepository
    package let notifications: PostgresNotificationRepository
    package let jobs: PostgresJobQueue
    package let monthEndStore: PostgresMonthEndRepository
    package let accountLinkStore: PostgresAccountLinkRepository
    package let idempotency: PostgresIdempotencyStore
    package let paymentRuns: PostgresPaymentRunRepository
    package let personalTokens: PostgresPersonalTokenRepository
    package let audit: PostgresAuditRepository
    package let fourEyes: FourEyesRule
    /// A second admin's agreement to a waiting change of who is an admin.
    package let adminChanges: AdminChangeService
    package let timesheets: PostgresTimesheetRepository
    package let absences: PostgresAbsenceRepository
    package let calendarFeeds: PostgresCalendarFeedRepository
    package let webhooks: PostgresWebhookRepository
    package let changes: PostgresChangeFeed
    /// Webhook signing secrets, sealed under a key of their own derived from the signing key.
    package let webhookSeal: SecretSeal
    package let webhookRegistrar: WebhookRegistrar
    package let pushSubscriptions: PostgresPushRepository
    package let pushDevices: PostgresPushDeviceRepository
    /// Apple's push service with its provider token, one per process; nil when not configured.
    package let apns: APNs?
    /// A person's data as a ZIP (the API's and the desk's export).
    package let personalDataExporter: PersonalDataExporter
    package let retention: PostgresRetentionRepository
    package let personalData: PostgresPersonalDataRepository
    /// Links that fetch an export made by a job (mailed by the worker, checked by the API).
    package let exportLinks: ExportLinks
    package let personalDataEraser: PersonalDataEraser

    package let auth: AuthService
    package let invoiceService: InvoiceService
    package let rateService: RateService
    package let timeService: TimeService
    package let timesheetService: TimesheetService
    package let absenceService: AbsenceService
    package let paymentRunService: PaymentRunService
    package let monthEnd: MonthEndService
    package let invoiceChecks: InvoiceChecksService
    package let accountLinks: AccountLinks
    /// Every upload's path, the API's and the desk's: one byte budget and one PDF helper limit.
    package let invoiceUploader: InvoiceUploader
    package let tokenIssuer: PersonalTokenIssuer
    let fileLinks: FileLinks
    package let calendarFeedLinks: CalendarFeedLinks
    package let visibility: PersonVisibility

    package init(config: AppConfig, database: DatabasePool, reads: ReadReplica? = nil, clock: any AppClock, logger: Logger) async throws {
        guard let signingKey = config.auth.signingKey else {
            throw ConfigurationError(key: "auth.signingKey", reason: "missing; access tokens and links are signed with it")
        }
        (self.config, self.clock, self.logger) = (config, clock, logger)
        accounts = PostgresAccountRepository(database: database, logger: logger)
        people = PostgresPeopleRepository(database: database, logger: logger)
        rates = PostgresRatesRepository(database: database, logger: logger)
        teams = PostgresTeamsRepository(database: database, logger: logger)
        invoices = PostgresInvoiceRepository(database: database, logger: logger, reads: reads)
        catalog = PostgresCatalogRepository(database: database, logger: logger)
        timeEntries = PostgresTimeEntryRepository(database: database, logger: logger, reads: reads)
        notifications = PostgresNotificationRepository(database: database, logger: logger)
        jobs = PostgresJobQueue(database: database, logger: logger)
        monthEndStore = PostgresMonthEndRepository(database: database, logger: logger)
        accountLinkStore = PostgresAccountLinkRepository(database: database, logger: logger)
        idempotency = PostgresIdempotencyStore(database: database, logger: logger)
        paymentRuns = PostgresPaymentRunRepository(database: database, logger: logger)
        personalTokens = PostgresPersonalTokenRepository(database: database, logger: logger)
        audit = PostgresAuditRepository(database: database, logger: logger)
        fourEyes = FourEyesRule(
            settings: config.fourEyesSettings, repository: PostgresFourEyesRepository(database: database, logger: logger), clock: clock)

        auth = try await AuthService(
            config: config.auth, signingKey: signingKey, database: database, accounts: accounts, personalTokens: personalTokens, clock: clock,
            logger: logger)
        invoiceService = InvoiceService(
            invoices: invoices, idempotency: idempotency, clock: clock, companyName: config.companyName, fourEyes: fourEyes)
        rateService = RateService(rates: rates, invoices: invoices, invoiceService: invoiceService)
        timeService = TimeService(catalog: catalog, entries: timeEntries, idempotency: idempotency, clock: clock, parsing: WorkPool.documents)
        paymentRunService = PaymentRunService(
            runs: paymentRuns, idempotency: idempotency, clock: clock, parsing: WorkPool.documents, fourEyes: fourEyes)
        timesheets = PostgresTimesheetRepository(database: database, logger: logger)
        absences = PostgresAbsenceRepository(database: database, logger: logger)
        calendarFeeds = PostgresCalendarFeedRepository(database: database, logger: logger)
        webhooks = PostgresWebhookRepository(database: database, logger: logger)
        changes = PostgresChangeFeed(database: database, logger: logger)
        webhookSeal = SecretSeal(secret: signingKey.secret, previousSecret: config.auth.previousSigningKey?.secret, purpose: SecretSeal.webhooks)
        webhookRegistrar = WebhookRegistrar(webhooks: webhooks, seal: webhookSeal, clock: clock)
        pushSubscriptions = PostgresPushRepository(database: database, logger: logger)
        pushDevices = PostgresPushDeviceRepository(database: database, logger: logger)
        apns = config.apns.map(APNs.init(settings:))
        retention = PostgresRetentionRepository(database: database, logger: logger)
        personalData = PostgresPersonalDataRepository(database: database, logger: logger)
        exportLinks = ExportLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL)
        personalDataEraser = PersonalDataEraser(repository: retention, clock: clock, fourEyes: fourEyes)
        adminChanges = AdminChangeService(
            people: people, retention: retention, secondFactors: auth.secondFactors, fourEyes: fourEyes)
        personalDataExporter = PersonalDataExporter(
            repository: personalData, links: exportLinks, inlineLimit: config.exportInlineMaxBytes, clock: clock)
        monthEnd = MonthEndService(invoiceService: invoiceService, monthEnd: monthEndStore, timesheets: timesheets)
        invoiceChecks = InvoiceChecksService(
            store: invoices, companyIco: config.invoices.companyIco, tolerancePercent: config.invoices.amountTolerancePercent, timesheets: timesheets)
        accountLinks = AccountLinks(secret: signingKey.secret, linkBase: config.monthEnd.linkBase)
        fileLinks = FileLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL)
        calendarFeedLinks = CalendarFeedLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL)
        visibility = PersonVisibility(people: people)
        timesheetService = TimesheetService(timesheets: timesheets, entries: timeEntries, visibility: visibility, clock: clock)
        absenceService = AbsenceService(absences: absences, visibility: visibility, policy: config.vacation, clock: clock)
        invoiceUploader = InvoiceUploader(
            invoices: invoices, people: people, uploads: UploadLimits(maxBytes: config.http.maxUploadBytes, quota: config.invoices.uploadQuota),
            idempotencyKeys: IdempotencyKeyHeader(lifetime: config.http.idempotencyKeyLifetime), checks: invoiceChecks,
            attachments: PDFAttachmentReader(
                tool: PDFAttachmentReader.locate(config.invoices.pdfAttachmentTool), timeout: config.invoices.pdfAttachmentTimeout),
            clock: clock)
        tokenIssuer = PersonalTokenIssuer(tokens: personalTokens, clock: clock)
    }

    /// The month-end's worker: schedules, the queue's jobs, notification delivery.
    package func jobWorker() throws -> JobWorker {
        JobWorker(
            queue: jobs, monthEnd: monthEnd,
            deliverer: NotificationDeliverer(
                notifications: notifications, renderer: try NotificationRenderer(links: accountLinks, exportLinks: exportLinks),
                config: config.monthEnd,
                chat: ChatWebhook(policy: config.monthEnd.webhookPolicy), clock: clock, pushes: config.vapid != nil || config.apns != nil
            ),
            links: accountLinks, idempotency: idempotency, checks: invoiceChecks,
            webhooks: WebhookDispatcher(
                webhooks: webhooks, seal: webhookSeal, outbound: OutboundPost(policy: config.monthEnd.webhookPolicy),
                retryScale: config.monthEnd.webhookRetryScale, clock: clock, logger: logger),
            changes: changes,
            push: try config.vapid.map {
                PushDeliverer(
                    notifications: notifications, subscriptions: pushSubscriptions, renderer: try NotificationRenderer(links: accountLinks),
                    vapid: $0, outbound: OutboundPost(policy: config.monthEnd.webhookPolicy), clock: clock, logger: logger)
            },
            apns: try apns.map {
                APNsDeliverer(
                    notifications: notifications, devices: pushDevices, renderer: try NotificationRenderer(links: accountLinks), apns: $0,
                    clock: clock, logger: logger)
            },
            retention: RetentionService(repository: retention, policy: config.retention),
            personalExports: PersonalExportMaker(repository: personalData, clock: clock),
            schedules: Schedule.monthEnd, config: config.monthEnd, clock: clock, logger: logger
        )
    }
}
