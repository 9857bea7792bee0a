import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Problems: every failure is application/problem+json in the caller's language")
struct ProblemTests {
    @Test func anUnknownRouteAnswers404InEnglishByDefault() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/nope", method: .get)

            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.headers[.contentLanguage] == "en")
            let problem = try #require(response.problem)
            #expect(problem.type == "urn:staffbook:problem:not-found")
            #expect(problem.title == "Not found")
            #expect(problem.status == 404)
            #expect(problem.instance == "/nope")
        }
    }

    @Test func anUnknownRouteAnswers404InCzechWhenAsked() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/nope", method: .get, headers: [.acceptLanguage: "cs-CZ,cs;q=0.9,en;q=0.8"])

            #expect(response.status == .notFound)
            #expect(response.headers[.contentLanguage] == "cs")
            #expect(response.problem?.title == "Nenalezeno")
            #expect(response.problem?.detail == "Na této adrese nic není.")
        }
    }

    @Test func aWrongMethodOnAKnownRouteAnswers405WithAllow() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/health/live", method: .delete, headers: [.acceptLanguage: "cs"])

            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD")
            #expect(response.problem?.type == "urn:staffbook:problem:method-not-allowed")
            #expect(response.problem?.title == "Metoda není povolena")
        }
    }

    @Test(arguments: [HTTPRequest.Method.trace, HTTPRequest.Method("QUERY")!, .put])
    func anyOtherMethodOnAKnownPathAnswers405(method: HTTPRequest.Method) async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/v1/users/\(UUID())/rates", method: method)

            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD, POST")
        }
    }

    @Test func aLiteralPathIsNotMistakenForATemplateWithAParameter() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/v1/invoices/bulk-actions", method: .get)

            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "POST")
        }
    }

    @Test func aBodyOverTheLimitAnswers413WithoutBeingRead() async throws {
        try await TestApp.test(configure: { $0.http.maxBodyBytes = 16 }) { app in
            let response = try await app.client.execute(
                uri: "/health/live", method: .get, body: ByteBuffer(string: String(repeating: "x", count: 17))
            )

            #expect(response.status == .contentTooLarge)
            #expect(response.problem?.type == "urn:staffbook:problem:payload-too-large")
            #expect(response.problem?.detail == "The request body is larger than the allowed 16 bytes.")
        }
    }

    @Test(arguments: [Language.en, .cs])
    func eachClassOfFailureMapsToItsProblem(language: Language) async throws {
        // A router with the production middlewares and routes that fail in each way.
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: 64))
        struct Body: Decodable { var amount: Int }
        router.post("/json") { request, context -> String in
            var request = request
            let body = try await request.collectBody(upTo: 1024)
            _ = try JSONDecoder().decode(Body.self, from: Data(buffer: body))
            return "ok"
        }
        router.get("/crash") { _, _ -> String in
            struct SecretInternalFailure: Error { var password = "hunter2" }
            throw SecretInternalFailure()
        }
        router.post("/media") { _, _ -> String in throw HTTPError(.unsupportedMediaType) }
        router.post("/stream") { request, _ -> String in
            for try await _ in request.body {}
            return "read"
        }
        let app = Application(router: router, logger: TestApp.logger())
        let headers: HTTPFields = [.acceptLanguage: language.rawValue]

        try await app.test(.router) { client in
            let malformed = try await client.execute(uri: "/json", method: .post, headers: headers, body: ByteBuffer(string: "{x"))
            let wrongType = try await client.execute(uri: "/json", method: .post, headers: headers, body: ByteBuffer(string: #"{"amount":"a"}"#))
            let crash = try await client.execute(uri: "/crash", method: .get, headers: headers)
            let media = try await client.execute(uri: "/media", method: .post, headers: headers)

            #expect(malformed.status == .badRequest)
            #expect(malformed.problem?.type == "urn:staffbook:problem:malformed-request")
            #expect(malformed.problem?.errors?.first?.code == "syntax")

            #expect(wrongType.status == .badRequest)
            #expect(wrongType.problem?.type == "urn:staffbook:problem:validation-failed")
            #expect(wrongType.problem?.errors?.first?.field == "body.amount")
            #expect(wrongType.problem?.errors?.first?.code == "type")
            #expect(wrongType.problem?.errors?.first?.message == (language == .en ? "Expected a value of type integer." : "Očekávána hodnota typu integer."))

            #expect(crash.status == .internalServerError)
            #expect(crash.problem?.type == "urn:staffbook:problem:internal-error")
            #expect(!crash.text.contains("hunter2"))
            #expect(!crash.text.contains("SecretInternalFailure"))
            #expect(crash.problem?.requestId == crash.headers[.xRequestID])

            #expect(media.status == .unsupportedMediaType)
            #expect(media.problem?.type == "urn:staffbook:problem:unsupported-media-type")

            for response in [malformed, wrongType, crash, media] {
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.headers[.contentLanguage] == language.rawValue)
                #expect(response.problem?.title == response.problem.flatMap { ProblemType(uri: $0.type) }?.title.text(in: language))
            }
        }
    }

    @Test func aStreamedBodyIsCutOffOnceItCrossesTheLimit() async throws {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: 1024))
        router.post("/stream") { request, _ -> String in
            var total = 0
            for try await buffer in request.body { total += buffer.readableBytes }
            return "\(total)"
        }
        let app = Application(router: router, logger: TestApp.logger())

        try await app.test(.live) { client in
            // No Content-Length: the body arrives chunked and only the stream can tell its size.
            let response = try await client.execute(
                uri: "/stream", method: .post, headers: [.transferEncoding: "chunked"],
                body: ByteBuffer(string: String(repeating: "x", count: 4096))
            )

            #expect(response.status == .contentTooLarge)
            #expect(response.problem?.type == "urn:staffbook:problem:payload-too-large")
        }
    }

    @Test(arguments: [
        ("cs", Language.cs), ("en-GB", .en), ("de, cs;q=0.5", .cs), ("cs;q=0.2, en;q=0.8", .en),
        ("fr", .en), ("", .en), ("cs;q=0", .en), ("*", .en),
    ])
    func acceptLanguagePicksTheBestSupportedLanguage(header: String, expected: Language) {
        #expect(Language(acceptLanguage: header) == expected)
    }
}

extension ProblemType {
    init?(uri: String) {
        guard let type = Self.allCases.first(where: { $0.uri == uri }) else { return nil }
        self = type
    }
}
