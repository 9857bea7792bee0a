import Configuration
import Crypto
import Foundation
import Logging
import StaffbookCore
import StaffbookJobs
import StaffbookMail
import StaffbookPostgres

extension AppConfig {
    /// Reads and validates every setting; the first unusable one throws, naming its key.
    package static func load(from reader: ConfigReader) throws(ConfigurationError) -> AppConfig {
        let values = ConfigValues(reader: reader)
        var config = try AppConfig(
            http: loadHTTP(values),
            database: loadDatabase(values),
            auth: loadAuth(values),
            logLevel: values.logLevel("log.level", default: .info),
            migrateOnStart: values.bool("database.migrateOnStart", default: true),
            schemaDirectory: URL(fileURLWithPath: values.string("schema.directory", default: "schema")),
            seedsDirectory: URL(fileURLWithPath: values.string("seeds.directory", default: "seeds"))
        )
        config.monthEnd = try loadMonthEnd(values)
        if let url = values.optionalString("database.readUrl", isSecret: true) {
            var read = try DatabaseURL.parse(url, key: "database.readUrl")
            read.requireTLS = try values.bool("database.readRequireTls", default: read.requireTLS)
            read.maxConnections = try values.int("database.readMaxConnections", default: config.database.maxConnections, in: 1...500)
            // Short: while the replica is down, a report waits this long once before the primary answers.
            read.connectTimeout = .milliseconds(try values.int("database.readConnectTimeoutMs", default: 1000, in: 100...60000))
            config.databaseRead = read
        }
        config.databaseReadMaxLag = .seconds(try values.int("database.readMaxLagSeconds", default: 30, in: 0...86400))
        config.companyName = values.string("company.name", default: config.companyName)
        if let ico = values.optionalString("company.ico") {
            guard let valid = CompanyNumbers.ico(ico) else {
                throw ConfigurationError(key: "company.ico", reason: "'\(ico)' is not an IČO (8 digits with a check digit)")
            }
            config.invoices.companyIco = valid
        }
        config.invoices.amountTolerancePercent = Decimal(try values.int("invoices.amountTolerancePercent", default: 1, in: 0...100))
        config.invoices.pdfAttachmentTool = values.optionalString("invoices.pdfAttachmentTool")
        config.invoices.pdfAttachmentTimeout = .milliseconds(try values.int("invoices.pdfAttachmentTimeoutMs", default: 10_000, in: 100...600_000))
        config.invoices.uploadQuota = UploadQuota(
            versionsPerInvoice: try values.int("invoices.maxFileVersions", default: 20, in: 1...10_000),
            filesPerDay: try values.int("invoices.maxUploadsPerDay", default: 50, in: 1...1_000_000),
            bytesPerDay: try values.int("invoices.maxUploadBytesPerDay", default: 200 << 20, in: 1024...(1 << 40))
        )
        config.vacation.yearlyDays = Decimal(try values.int("absences.vacationDays", default: 20, in: 0...366))
        config.vacation.carryOver = try values.bool("absences.carryOver", default: true)
        let expires = values.string("absences.carryOverExpires", default: "12-31")
        guard let expiry = MonthDay(expires) else {
            throw ConfigurationError(
                key: "absences.carryOverExpires", reason: "'\(expires)' is not a day of the year as MM-DD (29 February excluded)")
        }
        config.vacation.carryOverExpires = expiry
        let fourEyes = values.string("payments.fourEyes", default: FourEyesPolicy.auto.rawValue)
        guard let policy = FourEyesPolicy(rawValue: fourEyes) else {
            throw ConfigurationError(key: "payments.fourEyes", reason: "'\(fourEyes)' is not auto, on or off")
        }
        config.fourEyes = policy
        config.secondAdminDays = try values.int("payments.secondAdminDays", default: 7, in: 0...365)
        if let key = values.optionalString("push.vapidPrivateKey", isSecret: true) {
            let subject = values.string("push.vapidSubject", default: "")
            guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
                throw ConfigurationError(
                    key: "push.vapidSubject", reason: "a mailto: or https: URI push services may contact is required with the key")
            }
            guard let vapid = VAPID(privateKey: key, subject: subject) else {
                throw ConfigurationError(
                    key: "push.vapidPrivateKey", reason: "not a P-256 private key (32 bytes, base64url); `staffbook vapid-key` makes one")
            }
            config.vapid = vapid
        }
        config.apns = try Self.apns(values)
        config.exportInlineMaxBytes = try values.int("export.inlineMaxBytes", default: 32 << 20, in: 0...(1 << 30))
        let executor = values.string("concurrency.executor", default: ConcurrencyExecutor.eventLoops.rawValue)
        guard let choice = ConcurrencyExecutor(rawValue: executor) else {
            throw ConfigurationError(key: "concurrency.executor", reason: "'\(executor)' is not event-loops or nio")
        }
        config.executor = choice
        config.retention = RetentionPolicy(
            personYears: try values.int("retention.personYears", default: 3, in: 1...50),
            accountingYears: try values.int("retention.accountingYears", default: 10, in: 5...50),
            activityMonths: try values.int("retention.activityMonths", default: 6, in: 1...120))
        if let token = values.optionalString("metrics.token", isSecret: true) {
            guard token.utf8.count >= 16 else { throw ConfigurationError(key: "metrics.token", reason: "shorter than 16 characters") }
            config.metricsAccess = .token(token)
        } else {
            switch values.string("metrics.access", default: "loopback") {
            case "loopback": config.metricsAccess = .loopback
            case "public": config.metricsAccess = .public
            case let other: throw ConfigurationError(key: "metrics.access", reason: "'\(other)' is not loopback or public")
            }
        }
        return config
    }

    private static func loadMonthEnd(_ values: ConfigValues) throws(ConfigurationError) -> MonthEndConfig {
        var monthEnd = MonthEndConfig()
        if let host = values.optionalString("smtp.host") {
            let security = values.string("smtp.security", default: "starttls")
            guard let mode = SMTPConfiguration.Security(rawValue: security) else {
                throw ConfigurationError(key: "smtp.security", reason: "'\(security)' is not one of starttls, tls, none")
            }
            monthEnd.smtp = SMTPConfiguration(
                host: host,
                port: try values.int("smtp.port", default: mode == .tls ? 465 : 587, in: 1...65535),
                security: mode,
                username: values.optionalString("smtp.username"),
                password: values.optionalString("smtp.password", isSecret: true),
                heloName: values.string("smtp.heloName", default: "staffbook"),
                trustedCertificatesFile: values.optionalString("smtp.caFile"),
                timeout: .seconds(try values.int("smtp.timeoutSeconds", default: 30, in: 1...600))
            )
        }
        let from = values.string("smtp.from", default: "staffbook@localhost")
        guard from.contains("@"), !from.contains(where: { $0 == "<" || $0 == ">" || $0.isWhitespace }) else {
            throw ConfigurationError(key: "smtp.from", reason: "'\(from)' is not a plain e-mail address")
        }
        monthEnd.from = MailAddress(from, name: values.string("smtp.fromName", default: "Staffbook"))
        monthEnd.webhookPolicy = WebhookPolicy(
            allowHTTP: try values.bool("notify.webhookAllowHttp", default: false),
            allowPrivateAddresses: try values.bool("notify.webhookAllowPrivateAddresses", default: false)
        )
        if let webhook = values.optionalString("notify.chatWebhookUrl", isSecret: true) {
            do {
                _ = try WebhookURL(webhook, policy: monthEnd.webhookPolicy)
            } catch {
                throw ConfigurationError(
                    key: "notify.chatWebhookUrl",
                    reason:
                        "not allowed (\(error.rawValue)): an https URL of a public host, unless notify.webhookAllowHttp or notify.webhookAllowPrivateAddresses"
                )
            }
            monthEnd.companyChatWebhook = webhook
        }
        monthEnd.linkBase = values.string("notify.linkBase", default: "staffbook://")
        monthEnd.workerEnabled = try values.bool("jobs.worker", default: true)
        monthEnd.pollInterval = .seconds(try values.int("jobs.pollSeconds", default: 5, in: 1...3600))
        monthEnd.lease = TimeInterval(try values.int("jobs.leaseSeconds", default: 60, in: 2...3600))
        monthEnd.concurrency = try values.int("jobs.concurrency", default: 1, in: 1...32)
        // For verification runs that cannot wait a day for the last retries; 100 in production.
        monthEnd.webhookRetryScale = Double(try values.int("webhooks.retryScalePercent", default: 100, in: 1...100)) / 100
        monthEnd.catchUp = TimeInterval(try values.int("jobs.catchUpDays", default: 2, in: 0...31) * 86400)
        monthEnd.retry = RetryPolicy(
            base: TimeInterval(try values.int("jobs.retryBaseSeconds", default: 10, in: 1...3600)),
            cap: TimeInterval(try values.int("jobs.retryCapSeconds", default: 600, in: 1...86400)),
            maxAttempts: try values.int("jobs.maxAttempts", default: RetryPolicy.defaultMaxAttempts, in: 1...1000)
        )
        return monthEnd
    }

    private static func loadHTTP(_ values: ConfigValues) throws(ConfigurationError) -> HTTP {
        var http = HTTP(
            host: values.string("http.host", default: "127.0.0.1"),
            port: try values.int("http.port", default: 8080, in: 1...65535),
            maxBodyBytes: try values.int("http.maxBodyBytes", default: 1 << 20, in: 1...(1 << 30)),
            shutdownGracePeriod: .seconds(try values.int("http.shutdownGraceSeconds", default: 10, in: 0...600))
        )
        http.maxUploadBytes = try values.int("http.maxUploadBytes", default: 10 << 20, in: 1024...(1 << 30))
        http.maxStatementBytes = try values.int("http.maxStatementBytes", default: 32 << 20, in: 1024...BankStatementReader.maximumBytes)
        http.idempotencyKeyLifetime = TimeInterval(try values.int("http.idempotencyKeyHours", default: 24, in: 1...8760) * 3600)
        http.maxConcurrentImports = try values.int("http.maxConcurrentImports", default: 2, in: 1...64)
        http.limits = ConnectionLimits(
            requestHeadTimeout: .seconds(try values.int("http.requestHeadTimeoutSeconds", default: 10, in: 1...600)),
            idleTimeout: .seconds(try values.int("http.idleTimeoutSeconds", default: 60, in: 1...3600)),
            bodyProgressTimeout: .seconds(try values.int("http.bodyTimeoutSeconds", default: 30, in: 1...600)),
            maxConnections: try values.int("http.maxConnections", default: 1000, in: 1...1_000_000),
            bodyMinimumBytesPerSecond: try values.int("http.bodyMinBytesPerSecond", default: 8192, in: 1...(1 << 30)),
            bodyAssumedBytes: http.maxUploadBytes,
            maxConnectionsPerAddress: try values.int("http.maxConnectionsPerAddress", default: 64, in: 1...1_000_000),
            uncappedAddresses: Set(
                values.string("http.uncappedAddresses", default: "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty })
        )
        let base = values.string("http.publicUrl", default: "")
        if !base.isEmpty {
            guard let url = URL(string: base), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ConfigurationError(key: "http.publicUrl", reason: "'\(base)' is not an http(s) URL")
            }
        }
        http.publicBaseURL = base.hasSuffix("/") ? String(base.dropLast()) : base
        let writer = values.string("http.listJson", default: ListJSONWriter.database.rawValue)
        guard let listJSON = ListJSONWriter(rawValue: writer) else {
            throw ConfigurationError(key: "http.listJson", reason: "'\(writer)' is not database or server")
        }
        http.listJSON = listJSON
        return http
    }

    private static func loadDatabase(_ values: ConfigValues) throws(ConfigurationError) -> Database {
        var database: Database
        if let url = values.optionalString("database.url", isSecret: true) {
            database = try DatabaseURL.parse(url, key: "database.url")
        } else {
            guard let host = values.optionalString("database.host") else {
                throw ConfigurationError(key: "database.url", reason: "missing; set it, or database.host, database.name and database.user")
            }
            guard let name = values.optionalString("database.name") else {
                throw ConfigurationError(key: "database.name", reason: "missing")
            }
            guard let user = values.optionalString("database.user") else {
                throw ConfigurationError(key: "database.user", reason: "missing")
            }
            database = Database(
                host: host,
                port: try values.int("database.port", default: 5432, in: 1...65535),
                username: user,
                password: values.optionalString("database.password", isSecret: true),
                name: name
            )
        }
        database.requireTLS = try values.bool("database.requireTls", default: database.requireTLS)
        database.maxConnections = try values.int("database.maxConnections", default: 20, in: 1...500)
        database.connectTimeout = .milliseconds(try values.int("database.connectTimeoutMs", default: 3000, in: 100...60000))
        return database
    }
}
