import Foundation
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Health and operations")
struct HealthTests {
    @Test func livenessAnswersOk() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/health/live", method: .get)

            #expect(response.status == .ok)
            #expect(response.text == #"{"status":"ok"}"#)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test func livenessIsAnsweredBeforeTheMiddlewareChainWithoutALogLineOrMetrics() async throws {
        let sink = JSONLogSink()
        try await TestApp.test(logSink: sink) { app in
            let echoed = try await app.client.execute(uri: "/health/live", method: .get, headers: [.xRequestID: "probe-7"])
            let fresh = try await app.client.execute(uri: "/health/live", method: .get)
            let metrics = try await app.client.execute(uri: "/metrics", method: .get)

            #expect(echoed.headers[.xRequestID] == "probe-7")
            #expect(UUID(uuidString: fresh.headers[.xRequestID] ?? "") != nil)
            // Other tests send the probe with other methods or a body, which the chain counts.
            #expect(!metrics.text.contains(#"http_route="/health/live",http_request_method="GET",http_response_status_code="200""#))
        }
        #expect(!sink.lines.contains { $0.contains(#""path":"/health/live""#) })
        #expect(sink.lines.contains { $0.contains(#""path":"/metrics""#) })
    }

    @Test func aLivenessProbeWithAnotherMethodOrABodyGoesTheNormalWay() async throws {
        try await TestApp.test(configure: { $0.http.maxBodyBytes = 4 }) { app in
            let head = try await app.client.execute(uri: "/health/live", method: .head)
            let withBody = try await app.client.execute(uri: "/health/live", method: .get, body: ByteBuffer(string: "12345"))

            #expect(head.status == .ok)
            #expect(head.headers[.xContentTypeOptions] == "nosniff")
            #expect(withBody.status == .contentTooLarge)
        }
    }

    @Test func readinessAnswersOkWhenTheDatabaseAnswers() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/health/ready", method: .get)

            #expect(response.status == .ok)
        }
    }

    @Test func readinessAnswers503ProblemQuicklyWhenTheDatabaseIsDown() async throws {
        try await TestApp.test(configure: { config in
            // Nothing listens on port 1: every connection attempt is refused.
            config.database.port = 1
            config.database.connectTimeout = .milliseconds(300)
        }) { app in
            let started = ContinuousClock.now

            let response = try await app.client.execute(uri: "/health/ready", method: .get, headers: [.acceptLanguage: "cs"])

            // Bounded, not fast: with a 0.3 s bound the answer comes well inside this even when
            // the whole suite runs at once on two cores; without the bound it never comes.
            #expect(ContinuousClock.now - started < .seconds(10))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.headers[.retryAfter] == "5")
            #expect(response.problem?.type == "urn:staffbook:problem:service-unavailable")
            #expect(response.problem?.detail == "Databáze neodpovídá.")
        }
    }

    @Test func theContractIsServedAsYAML() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/openapi.yaml", method: .get)

            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            let onDisk = try String(contentsOf: TestDatabase.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
            #expect(response.text == onDisk)
        }
    }

    @Test func metricsCountRequestsByRouteMethodAndStatus() async throws {
        try await TestApp.test { app in
            _ = try await app.client.execute(uri: "/health/ready", method: .get)

            let response = try await app.client.execute(uri: "/metrics", method: .get)

            #expect(response.status == .ok)
            let text = response.text
            #expect(text.contains(#"hb_requests{http_route="/health/ready",http_request_method="GET",http_response_status_code="200"}"#))
            #expect(text.contains("http_server_request_duration"))
            #expect(text.contains("staffbook_db_pool_connections_max"))
            #expect(text.contains("staffbook_db_pool_acquire_duration"))
        }
    }
}
