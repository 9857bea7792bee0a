import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import Logging
import NIOCore
import StaffbookTestSupport
@testable import StaffbookCore
@testable import StaffbookApp
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookPostgres

/// Builds the real application (the same `buildApplication` as `serve`) on a fresh database.
enum TestApp {
    static let signingKey = AuthConfig.SigningKey(id: "test-2026", secret: Array("test signing key: 32 bytes or more, not a real one".utf8))
    static let otherKey = AuthConfig.SigningKey(id: "test-2025", secret: Array("the previous test key, also 32 bytes or more long".utf8))

    static func config(database: AppConfig.Database) -> AppConfig {
        var auth = AuthConfig(
            signingKey: signingKey,
            google: .init(
                clientIds: [GoogleTestTokens.clientId],
                hostedDomain: "staffbook.test",
                jwksURL: GoogleTestTokens.jwksFile
            )
        )
        auth.bcryptCost = 4
        auth.trustForwardedFor = true
        // Most tests sign admins in with a password alone; the second-factor tests set it back.
        auth.adminSecondFactor = .optional
        var config = AppConfig(
            http: .init(host: "127.0.0.1", port: 0, maxBodyBytes: 64 * 1024),
            database: database,
            auth: auth,
            logLevel: .info,
            migrateOnStart: false,
            schemaDirectory: TestDatabase.schemaDirectory,
            seedsDirectory: TestDatabase.seedsDirectory
        )
        // Tests run the job worker by hand (`TestContext.withWorker`), with their clock.
        config.monthEnd.workerEnabled = false
        // Webhook receivers run on loopback over plain HTTP; the SSRF tests set the policy back.
        config.monthEnd.webhookPolicy = WebhookPolicy(allowHTTP: true, allowPrivateAddresses: true)
        config.metricsAccess = .public
        // One admin makes and downloads runs in most tests; the four-eyes tests turn it on.
        config.fourEyes = .off
        return config
    }

    static func logger(sink: JSONLogSink = JSONLogSink()) -> Logger {
        Logger(label: "staffbook") { label in JSONLogHandler(label: label, sink: sink) }
    }

    /// Runs `test` against the application on its own database.
    static func test<Value: Sendable>(
        _ setup: TestingSetup = .router,
        configure: (inout AppConfig) -> Void = { _ in },
        clock: TestClock = TestClock(),
        logSink: JSONLogSink = JSONLogSink(),
        _ test: @escaping @Sendable (TestContext) async throws -> Value
    ) async throws -> Value {
        try await TestDatabase.withDatabase { database in
            var config = config(database: database)
            configure(&config)
            let app = try await buildApplication(config: config, logger: logger(sink: logSink), clock: clock)
            let frozenConfig = config
            return try await app.test(setup) { client in
                try await test(TestContext(client: client, config: frozenConfig, clock: clock))
            }
        }
    }
}

/// What a test needs at hand: the client, the database behind the app, and the clock.
struct TestContext: Sendable {
    let client: any TestClientProtocol
    let config: AppConfig
    let clock: TestClock

    static let password = "correct horse battery staple"

    func execute(
        _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], json: String? = nil
    ) async throws -> TestResponse {
        var headers = headers
        if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Runs `body` with a job worker on the app's database (the same composition as `serve`),
    /// driven by the test's clock: `worker.tick()` schedules what is due and runs it.
    func withWorker<Result>(_ body: (JobWorker) async throws -> Result) async throws -> Result {
        try await withDatabase { pool in
            try await body(try await makeJobWorker(config: config, database: pool, clock: clock, logger: TestDatabase.logger))
        }
    }

    /// Runs `body` with a second app on the same database and clock whose server decodes the
    /// rows and writes the JSON (`HTTP_LIST_JSON=server`), to compare with what PostgreSQL writes.
    func withServerWritingJSON<Result: Sendable>(_ body: @escaping @Sendable (TestContext) async throws -> Result) async throws -> Result {
        var serverConfig = config
        serverConfig.http.listJSON = .server
        let server = try await buildApplication(config: serverConfig, logger: TestApp.logger(), clock: clock)
        let frozenConfig = serverConfig
        return try await server.test(.router) { client in
            try await body(TestContext(client: client, config: frozenConfig, clock: clock))
        }
    }

    /// Runs `body` with a pool on the app's database, for setup and for checking what was stored.
    func withDatabase<Result>(_ body: (DatabasePool) async throws -> Result) async throws -> Result {
        try await DatabasePool.withRunning(config: config.database, logger: TestDatabase.logger, body)
    }

    @discardableResult
    func createAccount(
        email: String, firstName: String = "Jana", lastName: String = "Nováková",
        roles: Set<Role> = [.worker], password: String? = TestContext.password
    ) async throws -> Account {
        let hash = password.map { Bcrypt.hash($0, cost: 4) }
        return try await withDatabase { pool in
            let accounts = PostgresAccountRepository(database: pool, logger: TestDatabase.logger)
            return try await accounts.create(
                NewAccount(email: email, firstName: firstName, lastName: lastName, roles: roles, passwordHash: hash),
                now: clock.now()
            )!
        }
    }

    func deactivate(_ account: Account) async throws {
        _ = try await withDatabase { pool in
            try await PostgresAccountRepository(database: pool, logger: TestDatabase.logger).deactivate(id: account.id, now: clock.now())
        }
    }

    struct Tokens: Decodable, Sendable {
        var accessToken: String
        var refreshToken: String
        var tokenType: String
        var expiresIn: Int
    }

    func signIn(_ email: String, password: String = TestContext.password, from address: String = "203.0.113.7") async throws -> Tokens {
        let response = try await execute(
            "/v1/auth/password", method: .post, headers: [.xForwardedFor: address],
            json: #"{"email":"\#(email)","password":"\#(password)"}"#
        )
        guard response.status == .ok else { throw TestFailure("sign-in answered \(response.status): \(response.text)") }
        return try JSONDecoder().decode(Tokens.self, from: Data(buffer: response.body))
    }

    func refresh(_ refreshToken: String) async throws -> TestResponse {
        try await execute("/v1/auth/refresh", method: .post, json: #"{"refreshToken":"\#(refreshToken)"}"#)
    }

    func get(_ uri: String, token: String) async throws -> TestResponse {
        try await execute(uri, headers: [.authorization: "Bearer \(token)"])
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension TestResponse {
    /// The response body decoded as a problem document.
    var problem: ProblemBody? {
        try? JSONDecoder().decode(ProblemBody.self, from: Data(buffer: body))
    }

    var text: String { String(buffer: body) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(buffer: body))
    }
}
