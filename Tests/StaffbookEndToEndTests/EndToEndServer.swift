import Foundation
import HummingbirdTesting
import Logging
import StaffbookApp
import StaffbookHTTP
import StaffbookPostgres
import StaffbookTestSupport

/// The real server (the same `buildApplication` as `serve`) listening on a free loopback port,
/// on a fresh database holding the demo company, driven by a clock the test moves.
struct EndToEndServer: Sendable {
    let url: URL
    let clock: TestClock
    let database: DatabaseConfig
    private let log: JSONLogSink

    static let signingKey = AuthConfig.SigningKey(
        id: "e2e-2026", secret: Array("end-to-end signing key, 32 bytes or more, not a real one".utf8)
    )

    static func run(
        configure: @Sendable (inout AppConfig) -> Void = { _ in },
        _ body: @escaping @Sendable (EndToEndServer) async throws -> Void
    ) async throws {
        try await TestDatabase.withDatabase { database in
            _ = try await DatabasePool.withRunning(config: database, logger: TestDatabase.logger) { pool in
                try await TestDatabase.seedDemo(pool)
            }
            var auth = AuthConfig(
                signingKey: signingKey,
                google: .init(clientIds: ["e2e"], hostedDomain: nil, jwksURL: URL(fileURLWithPath: "/dev/null"))
            )
            auth.bcryptCost = 4
            // The walk-throughs sign the demo admin in with a password alone.
            auth.adminSecondFactor = .optional
            var config = AppConfig(
                http: .init(host: "127.0.0.1", port: 0),
                database: database,
                auth: auth,
                logLevel: .info,
                migrateOnStart: false,
                schemaDirectory: TestDatabase.schemaDirectory,
                seedsDirectory: TestDatabase.seedsDirectory
            )
            config.monthEnd.workerEnabled = false
            config.fourEyes = .off
            configure(&config)
            let clock = TestClock()
            let log = JSONLogSink()
            let logger = Logger(label: "staffbook") { label in JSONLogHandler(label: label, sink: log) }
            let app = try await buildApplication(config: config, logger: logger, clock: clock)
            try await app.test(.live) { client in
                guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
                    throw EndToEndFailure("the live server has no port")
                }
                try await body(EndToEndServer(url: url, clock: clock, database: database, log: log))
            }
        }
    }

    /// The requests that reached the server (its access log), as method and path.
    var requests: [(method: String, path: String, status: Int)] {
        log.lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["msg"] as? String == "access",
                let method = object["method"] as? String, let path = object["path"] as? String,
                let status = (object["status"] as? String).flatMap({ Int($0) }) ?? object["status"] as? Int
            else { return nil }
            return (method, path, status)
        }
    }
}

struct EndToEndFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
