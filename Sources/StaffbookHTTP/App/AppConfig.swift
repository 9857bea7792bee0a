import Foundation
import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

/// Everything the service needs to start, read once and validated before anything runs.
package struct AppConfig: Sendable {
    package struct HTTP: Sendable {
        package var host: String
        package var port: Int
        /// Largest request body accepted; larger bodies answer 413 without being read.
        package var maxBodyBytes: Int
        /// How long in-flight requests may take to finish after SIGTERM/SIGINT.
        package var shutdownGracePeriod: Duration
        /// Largest invoice file; its upload route accepts a body this big plus the multipart envelope.
        package var maxUploadBytes: Int = 10 << 20
        /// Largest bank statement an import accepts (a month of a busy account in camt.053).
        package var maxStatementBytes: Int = 32 << 20
        /// Prefix of links in responses and exports (`https://staffbook.example.com`); empty: relative links.
        package var publicBaseURL: String = ""
        /// How long an `Idempotency-Key` and its answer are remembered.
        package var idempotencyKeyLifetime: TimeInterval = 86400
        /// Time files imported at once by one instance; more answer 503 with `Retry-After`.
        package var maxConcurrentImports = 2
        /// Slow and idle clients, and how many may be connected.
        var limits = ConnectionLimits()
        /// Who writes the JSON of a response that is rows (the admin invoice list, the time report).
        package var listJSON = ListJSONWriter.database
    }

    package typealias Database = DatabaseConfig

    package var http: HTTP
    package var database: Database
    /// A streaming replica for reports (`DATABASE_READ_URL`); nil: everything reads the primary.
    package var databaseRead: Database?
    /// How far behind the replica may be before a report says how fresh it is.
    package var databaseReadMaxLag: Duration = .seconds(30)
    package var auth: AuthConfig
    package var logLevel: Logger.Level
    package var migrateOnStart: Bool
    package var schemaDirectory: URL
    package var seedsDirectory: URL
    /// Notifications and the job worker.
    package var monthEnd = MonthEndConfig()
    /// Contractor invoices: what they are checked against.
    package var invoices = InvoiceSettings()
    /// Yearly vacation and what happens to unused days.
    package var vacation = VacationPolicy()
    /// Who may read `/metrics`.
    package var metricsAccess = MetricsAccess.loopback
    /// The company's name, at the top of statements and exports.
    package var companyName = "Staffbook"
    /// Whether a payment run's file waits for a second admin.
    package var fourEyes = FourEyesPolicy.auto
    /// How many days someone is an admin before they may be the second pair of eyes.
    package var secondAdminDays = 7
    package var fourEyesSettings: FourEyesSettings {
        FourEyesSettings(policy: fourEyes, secondAdminAge: TimeInterval(secondAdminDays) * 86_400)
    }
    /// Web Push's application server key and contact; nil: browsers cannot subscribe.
    package var vapid: VAPID?
    /// Apple's push service: the `.p8` key, its id, the team, the app's topic and the host; nil:
    /// phones cannot register.
    package var apns: APNs.Settings?
    /// How long personal data is kept (`RETENTION_*`).
    package var retention = RetentionPolicy()
    /// A person's export whose files are larger than this is made by a job and its link mailed.
    package var exportInlineMaxBytes = 32 << 20
    /// What runs the process's tasks on the event loops.
    package var executor = ConcurrencyExecutor.eventLoops

    package init(
        http: HTTP,
        database: Database,
        auth: AuthConfig,
        logLevel: Logger.Level,
        migrateOnStart: Bool,
        schemaDirectory: URL,
        seedsDirectory: URL
    ) {
        self.http = http
        self.database = database
        self.auth = auth
        self.logLevel = logLevel
        self.migrateOnStart = migrateOnStart
        self.schemaDirectory = schemaDirectory
        self.seedsDirectory = seedsDirectory
    }
}

extension AppConfig.HTTP {
    package init(host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 1 << 20) {
        self.init(host: host, port: port, maxBodyBytes: maxBodyBytes, shutdownGracePeriod: .seconds(10))
    }
}

/// What contractors' invoices are checked against.
package struct InvoiceSettings: Sendable {
    /// Our company's IČO: invoices must be addressed to it (nil: not checked).
    package var companyIco: String?
    /// How far (in percent) an invoiced amount may be from the expected one and still pass.
    package var amountTolerancePercent: Decimal = 1
    /// The helper that reads PDFs' ISDOC attachments; nil: beside the running executable.
    package var pdfAttachmentTool: String?
    /// How long the helper may take on one PDF before it is ended.
    package var pdfAttachmentTimeout: Duration = .seconds(10)
    /// How much one person's uploads may store.
    package var uploadQuota = UploadQuota()

    package init() {}
}
