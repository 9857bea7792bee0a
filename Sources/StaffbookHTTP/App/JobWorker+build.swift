import Logging
import StaffbookCore
import StaffbookPostgres

/// The month-end's worker and what it needs, wired for `buildApplication` and for tests that
/// drive the worker by hand with their own clock.
package func makeJobWorker(config: AppConfig, database: DatabasePool, clock: any AppClock, logger: Logger) throws -> JobWorker {
    guard let signingKey = config.auth.signingKey else {
        throw ConfigurationError(key: "auth.signingKey", reason: "missing; links in e-mails are derived from it")
    }
    let invoiceService = InvoiceService(config: config, database: database, clock: clock, logger: logger)
    let links = AccountLinks(secret: signingKey.secret, linkBase: config.monthEnd.linkBase)
    return JobWorker(
        queue: PostgresJobQueue(database: database, logger: logger),
        monthEnd: MonthEndService(invoiceService: invoiceService, monthEnd: PostgresMonthEndRepository(database: database, logger: logger)),
        deliverer: NotificationDeliverer(
            notifications: PostgresNotificationRepository(database: database, logger: logger),
            renderer: try NotificationRenderer(links: links), config: config.monthEnd, chat: ChatWebhook(policy: config.monthEnd.webhookPolicy),
            clock: clock
        ),
        links: links,
        idempotency: PostgresIdempotencyStore(database: database, logger: logger),
        schedules: Schedule.monthEnd,
        config: config.monthEnd,
        clock: clock,
        database: database,
        logger: logger
    )
}

extension InvoiceService {
    /// The same service for the API and for the worker's statement run.
    init(config: AppConfig, database: DatabasePool, clock: any AppClock, logger: Logger) {
        self.init(
            invoices: PostgresInvoiceRepository(database: database, logger: logger),
            idempotency: PostgresIdempotencyStore(database: database, logger: logger), clock: clock, companyName: config.companyName
        )
    }
}
