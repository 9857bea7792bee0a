import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("HTTP, paging, caching and idempotency: what the outside probes found")
struct HTTPProbeTests {
    static func cursor(_ json: String) -> String {
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    // 2. Slow and idle clients: make verify (real sockets, seconds). The cap's arithmetic here.

    @Test(.tags(.secondProbe)) func slowClients_theConnectionCapCountsAcrossConnectionsAndFreesClosedOnes() {
        let connections = OpenConnections()

        let opened = (0..<5).map { _ in connections.tryOpen(limit: 3) }
        connections.close()

        #expect(opened == [true, true, true, false, false])
        #expect(connections.tryOpen(limit: 3))
        #expect(connections.current == 3)
    }

    // 6. Malformed chunked encoding.

    @Test(.tags(.secondProbe), arguments: ["FFFFFFFFFFFFFFFFFF", "zz"])
    func chunkedEncoding_aMalformedChunkSizeAnswers400(size: String) async throws {
        let sink = JSONLogSink()
        try await TestApp.test(.live, logSink: sink) { app in
            let port = try #require(app.client.port)
            let request = "POST /v1/auth/password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n\(size)\r\n{}\r\n0\r\n\r\n"

            let (answer, _) = try await RawHTTP.exchange(port: port, Array(request.utf8))

            #expect(RawHTTP.status(answer) == 400, "\(answer.prefix(200))")
            #expect(answer.contains("urn:staffbook:problem:malformed-request"))
            #expect(!sink.lines.contains { $0.contains(#""level":"error""#) })
        }
    }

    // 10. Caching and content headers.

    @Test(.tags(.secondProbe)) func headers_personalAnswersAreNotStoredFilesAreRevalidatedAndRunNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("jan.novak@staffbook.example")
            let upload = try await app.upload("2026-11", token: token).decode(WorkerInvoiceTests.Month.self)

            let me = try await app.get("/v1/me", token: token)
            let list = try await app.get("/v1/me/invoices", token: token)
            let file = try await app.get(try #require(upload.file?.downloadUrl), token: token)
            let live = try await app.execute("/health/live")

            #expect(me.headers[.cacheControl] == "no-store")
            #expect(list.headers[.cacheControl] == "no-store")
            #expect(file.headers[.cacheControl] == "private, no-cache")
            #expect(file.headers[.contentSecurityPolicy] == "default-src 'none'; frame-ancestors 'none'; sandbox")
            for response in [me, list, file, live] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    // 11. Idempotency keys bound to their request.

    @Test(.tags(.secondProbe)) func idempotency_aKeyReusedWithADifferentRequestAnswers422() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let worker = try await app.token("jan.novak@staffbook.example")
            let key: HTTPFields = [.literal("Idempotency-Key"): "bulk-1"]
            var uploadKey = Multipart.headers
            uploadKey[.literal("Idempotency-Key")] = "upload-1"

            let first = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"approve","ids":[]}"#, headers: key)
            let other = try await app.send(
                .post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"mark-paid","filter":{"period":"2026-09"}}"#, headers: key
            )
            let upload = try await app.upload("2026-11", token: worker, headers: uploadKey)
            let otherFile = try await app.upload("2026-11", token: worker, body: Multipart.invoice(amount: "1.00"), headers: uploadKey)

            #expect(first.status == .ok)
            #expect(other.status == .unprocessableContent)
            #expect(other.problem?.type == "urn:staffbook:problem:idempotency-key-reused")
            #expect(upload.status == .created)
            #expect(otherFile.status == .unprocessableContent)
            #expect(otherFile.problem?.type == "urn:staffbook:problem:idempotency-key-reused")
        }
    }

    // 13. HEAD and Host.

    @Test(.tags(.secondProbe)) func headAndHost_headAnswersLikeGetWithoutABody() async throws {
        try await TestApp.test { app in
            let get = try await app.execute("/openapi.yaml")
            let head = try await app.execute("/openapi.yaml", method: .head)
            let headMe = try await app.execute("/v1/me", method: .head)

            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(headMe.status == .unauthorized)
        }
    }

    @Test(.tags(.secondProbe)) func headAndHost_anHTTP11RequestWithoutHostAnswers400() async throws {
        try await TestApp.test(.live) { app in
            let port = try #require(app.client.port)

            let (missing, closed) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.1\r\n\r\n".utf8))
            let (twice, _) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8))
            let (old, oldClosed) = try await RawHTTP.exchange(port: port, Array("GET /health/live HTTP/1.0\r\n\r\n".utf8))

            #expect(RawHTTP.status(missing) == 400, "\(missing.prefix(200))")
            #expect(missing.contains("application/problem+json"))
            #expect(closed)
            #expect(RawHTTP.status(twice) == 400)
            #expect(RawHTTP.status(old) == 200, "\(old.prefix(200))")
            #expect(oldClosed)
        }
    }

    // 2. Forged cursors whose timestamps lie far outside what PostgreSQL's encoder can hold.

    @Test(.tags(.thirdProbe), arguments: [
        ("/v1/me/notifications", #"{"c":1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/notifications", #"{"c":-1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/time-entries", #"{"s":9223372036854775807,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/me/time-entries", #"{"s":-9223372036854775808,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/jobs", #"{"c":1e300,"i":"00000000-0000-4000-8000-000000000001"}"#),
        ("/v1/jobs", #"{"c":9.2e18,"i":"00000000-0000-4000-8000-000000000001"}"#),
    ])
    func trap_aForgedCursorWithAFarTimestampAnswers400(path: String, json: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let forged = try await app.get("\(path)?cursor=\(Self.cursor(json))", token: admin)

            #expect(forged.status == .badRequest, "\(forged.text)")
            #expect(forged.problem?.errors?.map(\.field) == ["query.cursor"])
            #expect(try await app.get(path, token: admin).status == .ok)
        }
    }

    // 14. Info items, as decided.

    @Test(.tags(.thirdProbe)) func info_aSignedLinksFileHasTheDownloadsPolicy() {
        #expect(SecurityHeadersMiddleware.filePolicy == "default-src 'none'; frame-ancestors 'none'; sandbox")
    }

    @Test(.tags(.thirdProbe)) func info_metricsNeedTheConfiguredTokenOrALoopbackClient() async throws {
        try await TestApp.test(configure: { $0.metricsAccess = .token("a metrics token of some length") }) { app in
            let none = try await app.execute("/metrics")
            let wrong = try await app.execute("/metrics", headers: [.authorization: "Bearer nope"])
            let right = try await app.execute("/metrics", headers: [.authorization: "Bearer a metrics token of some length"])

            #expect(none.status == .unauthorized && wrong.status == .unauthorized)
            #expect(right.status == .ok && right.text.contains("hb_requests"))
        }
        try await TestApp.test(configure: { $0.metricsAccess = .loopback }) { app in
            let outside = try await app.execute("/metrics", headers: [.xForwardedFor: "203.0.113.7"])
            let inside = try await app.execute("/metrics", headers: [.xForwardedFor: "127.0.0.1"])

            #expect(outside.status == .notFound)
            #expect(inside.status == .ok)
        }
    }
}
