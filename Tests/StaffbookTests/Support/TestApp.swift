import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import Staffbook

/// Builds the real application (the same `buildApplication` as `serve`) on a fresh database.
enum TestApp {
    static func config(database: AppConfig.Database) -> AppConfig {
        AppConfig(
            http: .init(host: "127.0.0.1", port: 0, maxBodyBytes: 64 * 1024),
            database: database,
            logLevel: .info,
            migrateOnStart: false,
            schemaDirectory: TestDatabase.schemaDirectory,
            seedsDirectory: TestDatabase.seedsDirectory
        )
    }

    static func logger(sink: JSONLogSink = JSONLogSink()) -> Logger {
        Logger(label: "staffbook") { label in JSONLogHandler(label: label, sink: sink) }
    }

    /// Runs `test` against the application on its own database.
    static func test<Value: Sendable>(
        configure: (inout AppConfig) -> Void = { _ in },
        logSink: JSONLogSink = JSONLogSink(),
        _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await TestDatabase.withDatabase { database in
            var config = config(database: database)
            configure(&config)
            let app = try await buildApplication(config: config, logger: logger(sink: logSink))
            return try await app.test(.router, test)
        }
    }
}

extension TestResponse {
    /// The response body decoded as a problem document.
    var problem: ProblemBody? {
        try? JSONDecoder().decode(ProblemBody.self, from: Data(buffer: body))
    }

    var text: String { String(buffer: body) }
}
