import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookApp
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Time: the company's report written by PostgreSQL")
struct ReportJSONTests {
    /// One month (its capacity kept), whole months, days around a month, days within one, and a
    /// range with nobody's time in it.
    static let ranges = [
        "from=2026-11-01&to=2026-11-30", "from=2026-10-01&to=2026-11-30", "from=2026-10-20&to=2026-12-05", "from=2026-11-02&to=2026-11-13",
        "from=2031-01-01&to=2031-01-31",
    ]

    @Test func theReportPostgreSQLWritesIsTheReportTheServerWritesFromTheSameRows() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            // Seconds that round either way at the half hundredth (18 s is 0.005 h, 17 s less),
            // every person a different sum, so that hours, amounts and utilisation cross their
            // rounding boundaries; a price with hellers; a name JSON must escape.
            _ = try await app.sql(
                """
                INSERT INTO time_entries (account_id, project_id, started_at, ended_at, billable, created_at, updated_at)
                SELECT a.id, p.id, d + interval '6 hours', d + interval '6 hours' + (n * 17 + 18) * interval '1 second', true, now(), now()
                FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts) a
                CROSS JOIN (SELECT id FROM projects WHERE hourly_price IS NOT NULL ORDER BY id LIMIT 1) p
                CROSS JOIN generate_series('2026-11-16'::timestamptz, '2026-11-20'::timestamptz, interval '2 days') d
                """)
            _ = try await app.sql(
                "UPDATE projects SET hourly_price = 1234.57 WHERE id = (SELECT id FROM projects WHERE hourly_price IS NOT NULL ORDER BY id LIMIT 1)")
            _ = try await app.sql(#"UPDATE accounts SET last_name = E'Nov\u00e1k "J" \\ \t' WHERE id = '\#(Demo.janNovak)'"#)
            let token = try await app.token("admin@staffbook.example")

            try await app.withServerWritingJSON { decoded in
                var rows = 0
                var utilised = 0
                for range in Self.ranges {
                    for grouping in ReportGrouping.allCases {
                        let uri = "/v1/reports/time?\(range)&groupBy=\(grouping.rawValue)"
                        let fromDatabase = try await app.send(.get, uri, token: token)
                        let fromServer = try await decoded.send(.get, uri, token: token)
                        #expect(fromDatabase.status == .ok && fromServer.status == .ok, "\(uri): \(fromDatabase.text)")
                        #expect(fromDatabase.headers[.contentType] == fromServer.headers[.contentType])
                        #expect(fromDatabase.headers[.contentLength] == String(fromDatabase.body.readableBytes))
                        let a = try JSONSerialization.jsonObject(with: Data(buffer: fromDatabase.body)) as? NSDictionary
                        let b = try JSONSerialization.jsonObject(with: Data(buffer: fromServer.body)) as? NSDictionary
                        #expect(a != nil && a == b, "\(uri): \(fromDatabase.text) ≠ \(fromServer.text)")
                        let items = a?["items"] as? [NSDictionary] ?? []
                        rows += items.count
                        utilised += items.filter { $0["utilisation"] != nil }.count
                    }
                }
                #expect(rows > 100)
                #expect(utilised > 30)
            }

            // What was made to differ is there as the contract has it.
            let people = try await app.send(.get, "/v1/reports/time?from=2026-11-01&to=2026-11-30&groupBy=person", token: token)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(buffer: people.body)) as? NSDictionary)
            let jan = try #require((report["items"] as? [NSDictionary])?.first { $0["key"] as? String == Demo.janNovak.uuidString.lowercased() })
            #expect(jan["label"] as? String == "Novák \"J\" \\ \t Jan")
            #expect((report["items"] as? [NSDictionary])?.allSatisfy { ($0["hours"] as? String)?.split(separator: ".").last?.count == 2 } == true)
            let projects = try await app.send(.get, "/v1/reports/time?from=2031-01-01&to=2031-01-31&groupBy=project", token: token)
            #expect(projects.text == #"{"from":"2031-01-01","to":"2031-01-31","groupBy":"project","items":[],"hours":"0.00","billableHours":"0.00"}"#)
        }
    }

    @Test func theWrittenReportsTotalsAreTheRowsAddedUpWithUtilisationDecidedInCore() {
        let range = DayRange(from: CalendarDay(year: 2026, month: 11, day: 1), to: CalendarDay(year: 2026, month: 11, day: 30))
        let written = WrittenReport(
            range: range, items: Array("[]".utf8), hours: Decimal(string: "0.04") ?? 0, billableHours: 0, billableAmount: nil,
            capacityHours: Decimal(string: "8.00"))
        // 0.04 ÷ 8 is 0.005: half a hundredth, rounded up as `TimeRules.utilisation` does.
        #expect(written.utilisation == Decimal(string: "0.01"))
        let withoutCapacity = WrittenReport(range: range, items: Array("[]".utf8), hours: 1, billableHours: 0, billableAmount: nil, capacityHours: 0)
        #expect(withoutCapacity.utilisation == nil)
    }
}
