import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenAPIRuntime
import StaffbookAPI
import StaffbookTestSupport
import Synchronization
import Testing
@testable import StaffbookHTTP

@Suite("JSON written without Foundation's encoder")
struct JSONWriterTests {
    /// Foundation's encoder as the OpenAPI runtime sets it up with our configuration.
    static func foundation<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try LenientDateTranscoder().encode(date))
        }
        return try encoder.encode(value)
    }

    /// Both encoders' JSON parsed, and the written JSON decoded back into the type.
    static func compare<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = Data(try WrittenJSON.writer.encode(value))
        let expected = try foundation(value)
        let parsedWritten = try JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed]) as? NSObject
        let parsedExpected = try JSONSerialization.jsonObject(with: expected, options: [.fragmentsAllowed]) as? NSObject
        #expect(parsedWritten != nil && parsedWritten == parsedExpected, "\(String(decoding: written, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(try decoded(T.self, written) == value, sourceLocation: sourceLocation)
    }

    static func decoded<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try LenientDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return try decoder.decode(type, from: data)
    }

    static let awkward = ["", "plain", "quote \" and \\ backslash", "a/b </script>", "tab\tnew\nline\r\u{8}\u{c}\u{1}\u{1f}", "Šťastný 🐝 日本"]

    @Test func everyReportTheFastPathWritesReadsBackAsFoundationWritesIt() throws {
        for (index, text) in Self.awkward.enumerated() {
            let full = Components.Schemas.TimeRow(
                key: text, label: "Nováková Kateřina \(text)", hours: "160.00", billableHours: "0.00", billableAmount: "-12.05",
                capacityHours: "90.50", utilisation: "1.77")
            let bare = Components.Schemas.TimeRow(key: "k\(index)", label: text, hours: "0.00", billableHours: "0.00")
            for groupBy in [Components.Schemas.TimeReport.GroupByPayload.client, .project, .person, .team] {
                try Self.compare(
                    Components.Schemas.TimeReport(
                        from: "2026-10-01", to: "2026-10-31", groupBy: groupBy, items: [full, bare, full], hours: "320.00",
                        billableHours: "0.00", billableAmount: index.isMultiple(of: 2) ? "1.00" : nil, capacityHours: nil,
                        utilisation: "0.5"))
            }
        }
        try Self.compare(Components.Schemas.TimeReport(from: "2026-10-01", to: "2026-10-31", groupBy: .team, items: [], hours: "0", billableHours: "0"))
    }

    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        struct Inner: Codable, Equatable {
            var name: String
            var values: [Int]
            var nothing: String?
        }
        struct Empty: Codable, Equatable {}
        var text: String
        var flag: Bool
        var int: Int
        var small: Int8
        var large: UInt64
        var negative: Int64
        var double: Double
        var whole: Double
        var float: Float
        var decimal: Decimal
        var date: Date
        var data: Data
        var url: URL
        var uuid: UUID
        var kind: Kind
        var missing: Int?
        var inner: Inner
        var inners: [Inner]
        var matrix: [[Int]]
        var empties: [Empty]
        var map: [String: Inner]
        var optionals: [String?]
        var free: OpenAPIValueContainer
        var object: OpenAPIObjectContainer
    }

    /// Two halves of one object written through the same encoder, as generated `allOf` types do.
    struct Merged: Codable, Equatable {
        var first: Everything.Inner
        var second: [String: Int]

        init(first: Everything.Inner, second: [String: Int]) {
            (self.first, self.second) = (first, second)
        }

        init(from decoder: any Decoder) throws {
            first = try Everything.Inner(from: decoder)
            let container = try decoder.container(keyedBy: JSONWriterKey.self)
            second = ["extra": try container.decode(Int.self, forKey: JSONWriterKey("extra"))]
        }

        func encode(to encoder: any Encoder) throws {
            try first.encode(to: encoder)
            try second.encode(to: encoder)
        }
    }

    @Test func valuesOfEveryShapeReadBackAsFoundationWritesThem() throws {
        let inner = Everything.Inner(name: "x\"y", values: [1, -2, 3], nothing: nil)
        let value = Everything(
            text: Self.awkward.joined(), flag: true, int: Int.min, small: -8, large: UInt64.max, negative: Int64.min, double: 0.1 + 0.2,
            whole: 1e3, float: 0.1, decimal: Decimal(string: "-1234.5678")!, date: Date(timeIntervalSince1970: 1_795_000_000),
            data: Data([0, 1, 254, 255]), url: URL(string: "https://staffbook.example/a/b?c=d")!, uuid: UUID(), kind: .two, missing: nil,
            inner: inner, inners: [inner, inner], matrix: [[], [1], [2, 3]], empties: [.init(), .init()], map: ["a": inner, "b/c": inner],
            optionals: ["a", nil], free: try OpenAPIValueContainer(unvalidatedValue: ["a": [1, "b", true, nil] as [(any Sendable)?]]),
            object: try OpenAPIObjectContainer(unvalidatedValue: ["k": 1.5, "n": ["deep": "x"]] as [String: (any Sendable)?]))
        try Self.compare(value)
        try Self.compare([value, value])
        try Self.compare(Merged(first: inner, second: ["extra": 7]))
        try Self.compare("just a string")
        try Self.compare([Int]())
        #expect(throws: EncodingError.self) { try WrittenJSON.writer.encode([Double.nan]) }
    }

    @Test func theResponsesWrittenOnTheFastPathAreWhatTheRuntimeWouldHaveSent() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let list = try await app.send(.get, "/v1/invoices?limit=100", token: admin)
            var reports: [TestResponse] = []
            for groupBy in ["client", "project", "person", "team"] {
                reports.append(try await app.send(.get, "/v1/reports/time?from=2026-10-01&to=2026-11-30&groupBy=\(groupBy)", token: admin))
            }

            // The operations the middleware waits on are the contract's own.
            #expect(WrittenJSON.operations.isSubset(of: Set(AccessPolicy.operations.keys)))
            #expect(list.status == .ok && list.headers[.contentLength] == String(list.body.readableBytes))
            let page = try Self.decoded(Components.Schemas.InvoiceList.self, Data(buffer: list.body))
            #expect(page.items.count > 10)
            // The sent bytes parse as Foundation's encoding of what they decode to, and both
            // encoders agree on it (every field the demo's invoices fill: dates, checks, payments).
            #expect(
                try JSONSerialization.jsonObject(with: Data(buffer: list.body)) as? NSObject
                    == JSONSerialization.jsonObject(with: Self.foundation(page)) as? NSObject)
            try Self.compare(page)
            for report in reports {
                #expect(report.status == .ok)
                let value = try Self.decoded(Components.Schemas.TimeReport.self, Data(buffer: report.body))
                #expect(!value.items.isEmpty)
                try Self.compare(value)
            }
            // The people list (titles, positions, teams) and a worker's months (missing months,
            // invoices with their data, checks and files).
            let people = try await app.send(.get, "/v1/users?limit=100", token: admin)
            #expect(people.status == .ok && people.headers[.contentLength] == String(people.body.readableBytes))
            let everyone = try Self.decoded(Components.Schemas.UserList.self, Data(buffer: people.body))
            #expect(everyone.items.count > 20 && everyone.items.contains { !$0.teams.isEmpty && $0.academicTitle != nil })
            #expect(
                try JSONSerialization.jsonObject(with: Data(buffer: people.body)) as? NSObject
                    == JSONSerialization.jsonObject(with: Self.foundation(everyone)) as? NSObject)
            try Self.compare(everyone)
            let jan = try await app.token("jan.novak@staffbook.example")
            let months = try await app.send(.get, "/v1/me/invoices?limit=100", token: jan)
            #expect(months.status == .ok && months.headers[.contentLength] == String(months.body.readableBytes))
            let own = try Self.decoded(Components.Schemas.MyInvoiceList.self, Data(buffer: months.body))
            #expect(own.items.contains { $0.invoiceId == nil } && own.items.contains { $0.data != nil && $0.file != nil })
            #expect(
                try JSONSerialization.jsonObject(with: Data(buffer: months.body)) as? NSObject
                    == JSONSerialization.jsonObject(with: Self.foundation(own)) as? NSObject)
            try Self.compare(own)
        }
    }

    /// One setting says who writes every list's rows, for the operations whose body is written
    /// here; the others are never told PostgreSQL writes them.
    @Test(arguments: [ListJSONWriter.database, .server])
    func theMiddlewareTellsEveryListWhoWritesItsRows(writer: ListJSONWriter) async throws {
        let middleware = WrittenJSONMiddleware(rowsBy: writer)
        for operation in ["listInvoices", "getTimeReport", "listUsers", "getMe"] {
            let told = Mutex<Bool?>(nil)
            _ = try await middleware.intercept(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"), body: nil, metadata: ServerRequestMetadata(),
                operationID: operation
            ) { _, _, _ in
                told.withLock { $0 = WrittenJSON.databaseWritesRows }
                return (HTTPResponse(status: .ok), nil)
            }
            let expected = writer == .database && WrittenJSON.operations.contains(operation)
            #expect(told.withLock { $0 } == expected, "\(operation) with \(writer)")
        }
    }
}
