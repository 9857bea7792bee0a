import Foundation
import StaffbookTestSupport
import Testing

@testable import StaffbookHTTP

@Suite("Unreadable dates name their field")
struct DateFieldTests {
    /// The operations whose request bodies hold a `date-time`, read from the contract: a schema
    /// holds one when its block says `format: date-time` or refers to a schema that does.
    static let operationsWithDates: Set<String> = {
        let spec = (try? String(contentsOf: TestDatabase.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)) ?? ""
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func reference(_ line: String) -> String? {
            guard let range = line.range(of: "#/components/schemas/") else { return nil }
            return String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
        }
        var schemas: [String: [String]] = [:]
        var current: String?
        var inSchemas = false
        for line in lines {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") { inSchemas = line == "  schemas:" }
            guard inSchemas else { continue }
            if line.hasPrefix("    ") && !line.hasPrefix("     ") && line.hasSuffix(":") {
                current = line.trimmingCharacters(in: .whitespaces).dropLast().description
            } else if let current {
                schemas[current, default: []].append(line)
            }
        }
        func holdsDate(_ name: String, _ seen: Set<String> = []) -> Bool {
            guard !seen.contains(name), let block = schemas[name] else { return false }
            return block.contains { $0.contains("format: date-time") }
                || block.compactMap(reference).contains { holdsDate($0, seen.union([name])) }
        }
        var result: Set<String> = []
        var operation: String?
        var inBody = false
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("operationId:") { operation = trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("      ") && !line.hasPrefix("       ") { inBody = trimmed == "requestBody:" }
            if inBody, trimmed.hasPrefix("schema:"), let operation, let name = reference(line), holdsDate(name) { result.insert(operation) }
        }
        return result
    }()

    @Test func everyOperationWhoseBodyHoldsADateIsOneWhoseDatesAreLocated() {
        #expect(Self.operationsWithDates.count >= 9)
        #expect(Set(DateFieldMiddleware.bodies.keys) == Self.operationsWithDates)
    }

    @Test func anUnreadableOrOutOfRangeDateIsReportedAgainstItsFieldAndNothingIsWritten() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let empty = try await app.send(.post, "/v1/me/timer/stop", token: jan, json: #"{"at":""}"#)
            let start = try await app.send(.post, "/v1/me/timer/start", token: jan, json: #"{"projectId":"\#(Demo.mobileBanking)","at":"včera"}"#)
            let end = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":"15. 11. 2026 9:00"}"#)
            let ancient = try await app.send(
                .post, "/v1/me/time-entries", token: jan,
                json: #"{"projectId":"\#(Demo.internalProject)","start":"1066-10-14T08:00:00Z","end":"2026-11-15T09:00:00Z"}"#)
            let batch = try await app.send(
                .post, "/v1/me/time-entries/batch", token: jan,
                json:
                    #"{"items":[{"id":"\#(UUID())","projectId":"\#(Demo.internalProject)","start":"2026-11-15T08:00:00Z","end":"2026-11-15T09:00:00Z"},{"id":"\#(UUID())","projectId":"\#(Demo.internalProject)","start":"","end":"2026-11-15T11:00:00Z"}]}"#
            )
            let token = try await app.send(
                .post, "/v1/me/tokens", token: jan, json: #"{"name":"Zkratky","scopes":["time:write"],"expiresAt":"příští rok"}"#)

            for (answer, field, message) in [
                (empty, "body.at", "RFC 3339"), (start, "body.at", "RFC 3339"), (end, "body.end", "RFC 3339"),
                (ancient, "body.start", "1900"), (token, "body.expiresAt", "RFC 3339"),
            ] {
                #expect(answer.status == .badRequest, "\(answer.text)")
                let problem = answer.problem
                #expect(problem?.type == "urn:staffbook:problem:validation-failed")
                #expect(problem?.errors?.map(\.field) == [field], "\(answer.text)")
                #expect(problem?.errors?.map(\.code) == ["date_time"])
                #expect(problem?.errors?.first?.message.contains(message) == true, "\(answer.text)")
            }
            #expect(batch.status == .badRequest, "\(batch.text)")
            #expect(batch.problem?.errors?.map(\.field) == ["body.items[1].start"], "\(batch.text)")
            // Nothing was written by any of them.
            let entries = try await app.send(.get, "/v1/me/time-entries?from=2026-11-15&to=2026-11-15", token: jan)
            #expect(entries.status == .ok && !entries.text.contains("2026-11-15T08:00:00Z"), "\(entries.text)")
        }
    }
}
