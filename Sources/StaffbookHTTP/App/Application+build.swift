import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle
import StaffbookAPI
import StaffbookAPIServer
import StaffbookCore
import StaffbookJobs
import StaffbookPostgres

/// The server the composition root (`StaffbookApp`'s `buildApplication`) builds: everything the
/// API is made of, and the pages `pages` makes from the same services on the same router. The job
/// worker runs beside the server unless it is turned off.
package func buildServer(
    config: AppConfig,
    logger: Logger,
    clock: any AppClock,
    pages: (Services) throws -> [any PageArea]
) async throws -> some ApplicationProtocol {
    var logger = logger
    logger.logLevel = config.logLevel
    // Bootstraps swift-metrics before any component creates its metrics.
    let metrics = MetricsRegistry.shared
    let database = DatabasePool(config: config.database, logger: logger)
    let reads = config.databaseRead.map { ReadReplica(config: $0, primary: database, maxLag: config.databaseReadMaxLag, logger: logger) }
    let services = try await Services(config: config, database: database, reads: reads, clock: clock, logger: logger)

    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = RouteTable()
    // One middleware of a fixed type: the stack composed at compile time is called directly,
    // where middlewares added one by one are each an existential call and a closure.
    router.addMiddleware {
        RequestLogMiddleware()
        SecurityHeadersMiddleware()
        MetricsMiddleware()
        ProblemMiddleware(routes: routes)
        HeaderEncodingMiddleware()
        BodyLimitMiddleware(
            maxBytes: config.http.maxBodyBytes, uploadMaxBytes: config.http.maxUploadBytes, statementMaxBytes: config.http.maxStatementBytes
        )
        RequestScopeMiddleware(trustForwardedFor: config.auth.trustForwardedFor)
    }
    try APIHandler(services: services, database: database, metrics: metrics).registerHandlers(
        on: MethodCheckingTransport(router: router, routes: routes),
        configuration: .staffbook,
        middlewares: [
            AccessPolicyMiddleware(auth: services.auth, visibility: services.visibility), WrittenJSONMiddleware(rowsBy: config.http.listJSON),
            DateFieldMiddleware(maxBytes: config.http.maxBodyBytes),
            DocsCompressionMiddleware(),
        ]
    )
    for area in try pages(services) {
        area.register(on: router)
    }

    var app = Application(
        responder: LivenessResponder(base: router.buildResponder()),
        server: .guardedHTTP1(limits: config.http.limits),
        configuration: .init(
            address: .hostname(config.http.host, port: config.http.port),
            serverName: "staffbook"
        ),
        services: [database] + (reads.map { [$0] } ?? []) + (config.monthEnd.workerEnabled ? [try services.jobWorker()] : []),
        logger: logger
    )
    if config.migrateOnStart {
        let migrator = try Migrator(schemaDirectory: config.schemaDirectory, logger: logger)
        app.beforeServerStarts {
            try await migrator.migrate(database)
        }
    }
    let (host, accounts, hasher, startLogger) = (config.http.host, services.accounts, services.auth.hasher, logger)
    app.beforeServerStarts {
        // In the background: checking some thirty bcrypt hashes must not delay serving.
        Task { await DemoAccounts.warnIfReachable(host: host, accounts: accounts, hasher: hasher, logger: startLogger) }
    }
    return app
}

/// The job worker alone (`staffbook worker`), on its own pool: the same composition as `serve`
/// without the HTTP server, for a deployment that scales the two apart.
package func buildWorker(config: AppConfig, logger: Logger, clock: any AppClock = SystemClock()) async throws -> [any Service] {
    var logger = logger
    logger.logLevel = config.logLevel
    _ = MetricsRegistry.shared
    let database = DatabasePool(config: config.database, logger: logger)
    let services = try await Services(config: config, database: database, clock: clock, logger: logger)
    return [database, try services.jobWorker()]
}

extension OpenAPIRuntime.Configuration {
    /// Compact JSON: the runtime pretty-prints by default, which costs bytes and time. Dates as
    /// `LenientDateTranscoder` reads and writes them.
    static let staffbook = Self(dateTranscoder: LenientDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes])
}
