import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PostgresNIO
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// One error design: what the database refuses is sorted once (outage 503, bad data 400, anything
/// else 500), input PostgreSQL would refuse is answered 400 before it gets there, and no secret
/// reaches a log line on any path.
@Suite("Errors: one design, nothing secret logged")
struct ErrorDesignTests {
    private static func json(_ text: String) -> String {
        (try? String(decoding: JSONEncoder().encode(text), as: UTF8.self)) ?? "\"\""
    }

    @Test func aDatabaseOutageWritesNoPasswordRefreshTokenOrBearerTokenToTheLog() async throws {
        let sink = JSONLogSink()
        let password = "correct horse battery staple, outage edition"
        let refreshToken = String(repeating: "Rk9vYmFy", count: 5) + "QUJ"
        try await TestApp.test(
            configure: { config in
                // Nothing listens on port 1: every connection attempt is refused.
                config.database.port = 1
                config.database.connectTimeout = .milliseconds(300)
                config.logLevel = .trace
            },
            logSink: sink
        ) { app in
            let bearer = try await AccessTokenService(config: app.config.auth).issue(
                accountId: UUID(), sessionId: UUID(), roles: [.worker, .admin], now: app.clock.now()
            )

            let signIn = try await app.execute(
                "/v1/auth/password", method: .post,
                json: #"{"email":"jana@staffbook.test","password":\#(Self.json(password))}"#
            )
            let refresh = try await app.refresh(refreshToken)
            let me = try await app.get("/v1/me", token: bearer)
            let list = try await app.get("/v1/invoices", token: bearer)

            for response in [signIn, refresh, me, list] {
                #expect(response.status == .serviceUnavailable, "\(response.text)")
                #expect(response.headers[.retryAfter] == "5")
                #expect(response.problem?.type == "urn:staffbook:problem:service-unavailable")
            }
            let log = sink.lines.joined()
            #expect(log.contains(#""msg":"request failed""#))
            #expect(log.contains(#""error":"store unavailable""#))
            #expect(log.contains(#""request_id":""#))
            for secret in [password, refreshToken, bearer] {
                #expect(!log.contains(secret), "the log holds a secret")
            }
        }
    }

    @Test func aNulByteInASignInEmailAnswers400NotAnOutage() async throws {
        try await TestApp.test { app in
            let response = try await app.execute(
                "/v1/auth/password", method: .post, json: #"{"email":"jana\u0000@staffbook.test","password":"x"}"#
            )

            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.problem?.type == "urn:staffbook:problem:validation-failed")
            #expect(response.problem?.errors?.first?.field == "body.email")
            #expect(response.problem?.errors?.first?.code == "control_character")
        }
    }

    @Test func aNameOfTwoHundredCombiningCharactersAnswers400() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // One character on screen, 200 code points: PostgreSQL counts the code points.
            let name = "a" + String(repeating: "\u{0301}", count: 199)

            let response = try await app.send(.post, "/v1/users", token: admin, json: """
                {"email":"combining@staffbook.example","firstName":\(Self.json(name)),"lastName":"Nová",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"500","effectiveFrom":"2026-12-01"}}
                """)

            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.problem?.errors?.first?.field == "body.firstName")
            #expect(response.problem?.errors?.first?.code == "too_long")
            #expect(try await app.sql("SELECT count(*)::text FROM accounts WHERE email = 'combining@staffbook.example'") == ["0"])
        }
    }

    @Test(arguments: [
        ("/v1/invoices", #"{"l":"Novák","f":"Jan","p":"00000000-0000-4000-8000-000000000004","m":"2026-13"}"#),
        ("/v1/me/invoices", #"{"m":"2026-02-31"}"#),
        ("/v1/users", #"{"l":"No\u0000vák","f":"Jan","i":"00000000-0000-4000-8000-000000000004"}"#),
    ])
    func aCursorHoldingABadValueAnswers400(path: String, position: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let cursor = Base64URL.encode(Array(position.utf8))

            let response = try await app.get("\(path)?cursor=\(cursor)", token: admin)

            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.problem?.errors?.first?.field == "query.cursor")
        }
    }

    @Test(arguments: ["/v1/users?q=nov%00ak", "/v1/invoices?q=%1B%5B31m"])
    func controlCharactersInASearchTermAnswer400(uri: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.get(uri, token: admin)

            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.problem?.errors?.first?.field == "query.q")
            #expect(response.problem?.errors?.first?.code == "control_character")
        }
    }

    @Test func anUnexpectedDatabaseErrorAnswers500WithoutRetryAfterAndIsLoggedWithTheRequestId() async throws {
        let sink = JSONLogSink()
        try await TestApp.test(logSink: sink) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.sql("ALTER TABLE invoice_events RENAME TO invoice_events_gone")

            let response = try await app.get("/v1/invoices/\(Demo.invoiceId(Demo.ondrejChalupa, "2026-09-01"))", token: admin)

            #expect(response.status == .internalServerError, "\(response.text)")
            #expect(response.headers[.retryAfter] == nil)
            let requestId = try #require(response.headers[.xRequestID])
            let line = sink.lines.first { $0.contains(#""msg":"request failed""#) }
            #expect(line?.contains(requestId) == true)
            #expect(line?.contains(#""error":"store failure 42P01""#) == true)
            #expect(line?.contains(#""operation":"getInvoice""#) == true)
        }
    }

    @Test func dataPostgreSQLRefusesIsClassifiedAsTheCallersAndAnsweredWith400() async throws {
        try await TestApp.test { app in
            let error = await #expect(throws: StoreError.self) {
                try await app.withDatabase { pool in
                    try await pool.withConnection { connection in
                        try await connection.query("SELECT 'not a number'::integer", logger: TestDatabase.logger).collect()
                    }
                }
            }

            #expect(error == .invalidData(column: nil))
            let (problem, isServerFault) = Problem.from(StoreError.invalidData(column: "amount"))
            #expect(problem.status == .badRequest)
            #expect(problem.fieldErrors.first?.field == "amount")
            #expect(!isServerFault)
        }
    }
}
