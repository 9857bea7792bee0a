import Prometheus
import StaffbookAPI
import StaffbookCore
import StaffbookPostgres

/// The generated `APIProtocol`. Each area answers its operations in an extension of its own
/// (`APIHandler+People.swift`, …); this holds what they share.
struct APIHandler: APIProtocol {
    let auth: AuthService
    let accounts: any AccountRepository
    let people: any PeopleRepository
    let rates: any RatesRepository
    let teams: any TeamsRepository
    let invoices: any InvoiceRepository
    let invoiceService: InvoiceService
    let rateService: RateService
    let catalog: any CatalogRepository
    let timeEntries: any TimeEntryRepository
    let timeService: TimeService
    let notifications: any NotificationRepository
    let jobs: any JobQueue
    let monthEndStore: any MonthEndRepository
    let accountLinkStore: any AccountLinkRepository
    let accountLinks: AccountLinks
    let visibility: PersonVisibility
    let invoiceSchemas: InvoiceSchemas
    let fileLinks: FileLinks
    let database: DatabasePool
    let metrics: PrometheusCollectorRegistry
    let clock: any AppClock
    let maxUploadBytes: Int
    /// A file being stored is in memory three times (its buffer, the bindings, the Bind message):
    /// at most two maximum-size files are stored at once, so 20 concurrent 10 MiB uploads stay
    /// under 300 MB (with four, a benchmark run peaked at 317 MB).
    let storing: ByteBudget
    /// Time files being imported at once in this instance.
    let importing: ConcurrencyGate
    let webhookPolicy: WebhookPolicy
    let idempotencyKeys: IdempotencyKeyHeader
    let metricsAccess: MetricsAccess

    /// At the top of exports, as of statements.
    var companyName: String { invoiceService.companyName }

    /// Today in Prague, by the injected clock.
    var today: CalendarDay { CalendarDay(clock.now()) }
}
