import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import StaffbookAPI
import StaffbookAPIServer
import StaffbookCore
import StaffbookPostgres

/// The composition root: everything the service is made of is wired here, for `serve` and for
/// every test alike.
package func buildApplication(
    config: AppConfig,
    logger: Logger,
    clock: any AppClock = SystemClock()
) async throws -> some ApplicationProtocol {
    var logger = logger
    logger.logLevel = config.logLevel
    // Bootstraps swift-metrics before any component creates its metrics.
    let metrics = MetricsRegistry.shared
    let database = DatabasePool(config: config.database, logger: logger)

    let accounts = PostgresAccountRepository(database: database, logger: logger)
    let sessions = PostgresSessionRepository(database: database, logger: logger)
    guard let signingKey = config.auth.signingKey else {
        throw ConfigurationError(key: "auth.signingKey", reason: "missing; serve needs a key to sign access tokens")
    }
    let hasher = PasswordHasher(cost: config.auth.bcryptCost)
    let auth = AuthService(
        config: config.auth,
        accounts: accounts,
        sessions: sessions,
        throttle: PostgresSignInThrottle(database: database, window: config.auth.failureWindow, logger: logger),
        hasher: hasher,
        accessTokens: try await AccessTokenService(config: config.auth),
        refreshDeriver: RefreshTokenDeriver(secret: signingKey.secret),
        google: GoogleIDTokenVerifier(
            config: config.auth.google,
            keySet: GoogleKeySet(
                source: URLJWKSSource(url: config.auth.google.jwksURL, timeout: config.auth.google.fetchTimeout),
                clock: clock,
                minimumRefetchInterval: config.auth.google.minimumRefetchInterval
            )
        ),
        statusCache: SessionStatusCache(sessions: sessions, clock: clock, ttl: config.auth.sessionStatusCacheTTL),
        clock: clock,
        logger: logger
    )

    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = RouteTable()
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ProblemMiddleware(routes: routes))
    router.add(middleware: HeaderEncodingMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxBytes: config.http.maxBodyBytes, uploadMaxBytes: config.http.maxUploadBytes))
    router.add(middleware: RequestScopeMiddleware(trustForwardedFor: config.auth.trustForwardedFor))

    let people = PostgresPeopleRepository(database: database, logger: logger)
    let invoices = PostgresInvoiceRepository(database: database, logger: logger)
    let jobs = PostgresJobQueue(database: database, logger: logger)
    let rates = PostgresRatesRepository(database: database, logger: logger)
    let invoiceService = InvoiceService(config: config, database: database, clock: clock, logger: logger)
    let catalog = PostgresCatalogRepository(database: database, logger: logger)
    let timeEntries = PostgresTimeEntryRepository(database: database, logger: logger)
    let handler = APIHandler(
        auth: auth,
        accounts: accounts,
        people: people,
        rates: rates,
        teams: PostgresTeamsRepository(database: database, logger: logger),
        invoices: invoices,
        invoiceService: invoiceService,
        rateService: RateService(rates: rates, invoices: invoices, invoiceService: invoiceService),
        catalog: catalog,
        timeEntries: timeEntries,
        timeService: TimeService(
            catalog: catalog, entries: timeEntries, idempotency: PostgresIdempotencyStore(database: database, logger: logger), clock: clock
        ),
        notifications: PostgresNotificationRepository(database: database, logger: logger),
        jobs: jobs,
        monthEndStore: PostgresMonthEndRepository(database: database, logger: logger),
        accountLinkStore: PostgresAccountLinkRepository(database: database, logger: logger),
        accountLinks: AccountLinks(secret: signingKey.secret, linkBase: config.monthEnd.linkBase),
        visibility: PersonVisibility(people: people),
        invoiceSchemas: InvoiceSchemas(publicBaseURL: config.http.publicBaseURL),
        fileLinks: FileLinks(secret: signingKey.secret, publicBaseURL: config.http.publicBaseURL),
        database: database,
        metrics: metrics,
        clock: clock,
        maxUploadBytes: config.http.maxUploadBytes,
        storing: ByteBudget(limit: 2 * config.http.maxUploadBytes),
        importing: ConcurrencyGate(limit: config.http.maxConcurrentImports),
        webhookPolicy: config.monthEnd.webhookPolicy,
        idempotencyKeys: IdempotencyKeyHeader(lifetime: config.http.idempotencyKeyLifetime),
        metricsAccess: config.metricsAccess
    )
    try handler.registerHandlers(
        on: MethodCheckingTransport(router: router, routes: routes),
        configuration: .staffbook,
        middlewares: [AccessPolicyMiddleware(auth: auth)]
    )

    var app = Application(
        responder: LivenessResponder(base: router.buildResponder()),
        server: .guardedHTTP1(limits: config.http.limits),
        configuration: .init(
            address: .hostname(config.http.host, port: config.http.port),
            serverName: "staffbook"
        ),
        services: config.monthEnd.workerEnabled
            ? [database, try makeJobWorker(config: config, database: database, clock: clock, logger: logger)] : [database],
        logger: logger
    )
    if config.migrateOnStart {
        let migrator = try Migrator(schemaDirectory: config.schemaDirectory, logger: logger)
        app.beforeServerStarts {
            try await migrator.migrate(database)
        }
    }
    let (host, startLogger) = (config.http.host, logger)
    app.beforeServerStarts {
        // In the background: checking some thirty bcrypt hashes must not delay serving.
        Task { await DemoAccounts.warnIfReachable(host: host, accounts: accounts, hasher: hasher, logger: startLogger) }
    }
    return app
}

extension OpenAPIRuntime.Configuration {
    /// Compact JSON: the runtime pretty-prints by default, which costs bytes and time. Dates as
    /// `LenientDateTranscoder` reads and writes them.
    static let staffbook = Self(dateTranscoder: LenientDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes])
}
