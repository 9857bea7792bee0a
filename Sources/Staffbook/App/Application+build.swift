import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import StaffbookAPI

/// The composition root: everything the service is made of is wired here, for `serve` and for
/// every test alike.
public func buildApplication(config: AppConfig, logger: Logger) async throws -> some ApplicationProtocol {
    var logger = logger
    logger.logLevel = config.logLevel
    // Bootstraps swift-metrics before any component creates its metrics.
    let metrics = MetricsRegistry.shared
    let database = DatabasePool(config: config.database, logger: logger)

    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: BodyLimitMiddleware(maxBytes: config.http.maxBodyBytes))

    let handler = APIHandler(
        operations: OperationsHandler(database: database, metrics: metrics)
    )
    let transport = MethodCheckingTransport(router: router)
    try handler.registerHandlers(on: transport, configuration: .staffbook)
    transport.registerMethodNotAllowedRoutes()

    var app = Application(
        router: router,
        configuration: .init(
            address: .hostname(config.http.host, port: config.http.port),
            serverName: "staffbook"
        ),
        services: [database],
        logger: logger
    )
    if config.migrateOnStart {
        let migrator = try Migrator(config: config, logger: logger)
        app.beforeServerStarts {
            try await migrator.migrate(database)
        }
    }
    return app
}

extension OpenAPIRuntime.Configuration {
    /// Compact JSON: the runtime pretty-prints by default, which costs bytes and time.
    static let staffbook = Self(jsonEncodingOptions: [])
}
