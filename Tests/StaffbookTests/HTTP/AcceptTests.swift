import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookHTTP

/// `Accept` as clients send it: `*/*` (dropped before the runtime, as accepting anything) and
/// a type an operation does not answer in.
@Suite("The Accept header")
struct AcceptTests {
    @Test func anythingAcceptedGetsEachOperationsOwnTypeAndAnUnansweredTypeIsRefusedAsBefore() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            func get(_ uri: String, token: String, accept: String?) async throws -> TestResponse {
                var headers: HTTPFields = [.authorization: "Bearer \(token)"]
                if let accept { headers[.accept] = accept }
                return try await app.execute(uri, headers: headers)
            }

            let me = try await get("/v1/me", token: jan, accept: "*/*")
            #expect(me.status == .ok)
            #expect(me.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect((try JSONSerialization.jsonObject(with: Data(me.text.utf8)) as? [String: Any])?["email"] as? String == "jan.novak@staffbook.example")
            let csv = try await get("/v1/reports/time?from=2026-11-01&to=2026-11-30&groupBy=project&format=csv", token: admin, accept: "*/*")
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)

            let refused = try await get("/v1/me", token: jan, accept: "text/csv")
            let plain = try await get("/v1/me", token: jan, accept: nil)
            #expect(plain.status == .ok)
            #expect(refused.status == .notAcceptable, "\(refused.status)")
            #expect(refused.headers[.contentType] == "application/problem+json")
        }
    }
}
