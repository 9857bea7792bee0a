import Foundation
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Request ids")
struct RequestIDTests {
    @Test func aClientRequestIdIsEchoedAndLoggedOnTheAccessLine() async throws {
        let sink = JSONLogSink()
        try await TestApp.test(logSink: sink) { app in
            let response = try await app.client.execute(uri: "/health/ready", method: .get, headers: [.xRequestID: "mobile-42.abc"])

            #expect(response.headers[.xRequestID] == "mobile-42.abc")
        }
        let access = try #require(sink.lines.first { $0.contains(#""msg":"access""#) })
        let line = try JSONSerialization.jsonObject(with: Data(access.utf8)) as? [String: String]
        #expect(line?["request_id"] == "mobile-42.abc")
        #expect(line?["path"] == "/health/ready")
        #expect(line?["status"] == "200")
        #expect(line?["method"] == "GET")
    }

    @Test func aMissingRequestIdIsGeneratedAndRepeatedInProblems() async throws {
        try await TestApp.test { app in
            let response = try await app.client.execute(uri: "/nope", method: .get)

            let id = try #require(response.headers[.xRequestID])
            #expect(UUID(uuidString: id) != nil)
            #expect(response.problem?.requestId == id)
        }
    }

    @Test(arguments: ["has space", String(repeating: "a", count: 129), "quote\"inside", "line\nbreak"])
    func anUnsafeRequestIdIsReplaced(candidate: String) async throws {
        #expect(RequestID.accept(candidate) == nil)
    }

    @Test func distinctRequestsGetDistinctIds() async throws {
        try await TestApp.test { app in
            let first = try await app.client.execute(uri: "/health/live", method: .get)
            let second = try await app.client.execute(uri: "/health/live", method: .get)

            #expect(first.headers[.xRequestID] != second.headers[.xRequestID])
        }
    }

    @Test func generatedIdsAreDistinctVersion4UUIDs() {
        let ids = (0..<1000).map { _ in RequestID.generate() }

        #expect(Set(ids).count == ids.count)
        for id in ids {
            let characters = Array(id)
            #expect(UUID(uuidString: id)?.lowercasedString == id)
            #expect(characters[14] == "4")
            #expect("89ab".contains(characters[19]))
        }
    }

    @Test func idsDrawnAtOnceFromManyTasksShareNoBytes() async {
        // The ids come from one pool of randomness refilled every sixteen ids; tasks drawing at
        // once must each get bytes of their own, across many refills.
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in RequestID.generate() } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }

        #expect(ids.count == 4000)
        #expect(Set(ids).count == ids.count)
        // Halves repeat only if the same bytes were handed out twice.
        #expect(Set(ids.map { $0.prefix(18) }).count == ids.count)
        #expect(Set(ids.map { $0.suffix(17) }).count == ids.count)
    }

    @Test func idsAreWrittenInFoundationsFormLowercased() {
        let ids = [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!]
            + (0..<200).map { _ in UUID() }

        for id in ids {
            #expect(id.lowercasedString == id.uuidString.lowercased())
        }
    }
}
