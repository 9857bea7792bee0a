import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookApp
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Invoices: the admin list written by PostgreSQL")
struct InvoiceListJSONTests {
    /// Every filter shape: prepared (period, state, a cursor, each page size) and unnamed (a
    /// search, attention, an offset, another size).
    static let queries = [
        "", "limit=10", "limit=50", "limit=100", "period=2026-09", "state=paid&limit=10", "period=2026-09&state=approved&limit=20",
        "limit=7", "q=nov", "q=%C5%A1ev&period=2026-09", "attention=true", "attention=true&period=2026-10", "offset=3&limit=10",
        "period=2031-01", "q=nobody-is-called-this",
    ]

    @Test func thePagePostgreSQLWritesIsThePageTheServerWritesFromTheSameRows() async throws {
        try await TestApp.test(configure: { $0.http.publicBaseURL = "https://staffbook.example.com" }) { app in
            try await app.seedDemo()
            // The fields the demo leaves alike made to differ: the admin's own invoice (its
            // actions), a failing and an unconfirmed check in order, euros, a number with quotes,
            // a backslash and a tab, a due date, a link prefix.
            let adminId = try #require(try await app.sql("SELECT id::text FROM accounts WHERE email = 'admin@staffbook.example'").first ?? nil)
            let uploaded = try #require(
                try await app.sql("SELECT id::text FROM invoices WHERE kind = 'uploaded' AND state = 'approved' ORDER BY period DESC, id LIMIT 1")
                    .first ?? nil)
            let own = try #require(
                try await app.sql("SELECT id::text FROM invoices WHERE kind = 'uploaded' AND state = 'submitted' ORDER BY period DESC, id LIMIT 1")
                    .first ?? nil)
            _ = try await app.sql(
                """
                UPDATE invoices SET checks = '[{"kind":"vat","status":"pass"},{"kind":"amount","status":"fail","code":"over_tolerance"},
                  {"kind":"bank_account","status":"needs_confirmation"},{"kind":"dates","status":"fail","code":"no_due_date"}]',
                  needs_attention = true, currency = 'EUR', invoice_number = E'FV "7" \\\\ a\\tb', due_date = '2026-10-15'
                WHERE id = '\(uploaded)'
                """)
            // The admin's own statement of that month moves out of the way (one invoice a person and month).
            _ = try await app.sql(
                """
                UPDATE invoices SET period = '2031-12-01'
                WHERE account_id = '\(adminId)' AND period = (SELECT period FROM invoices WHERE id = '\(own)')
                """)
            _ = try await app.sql("UPDATE invoices SET account_id = '\(adminId)' WHERE id = '\(own)'")
            let token = try await app.token("admin@staffbook.example")

            try await app.withServerWritingJSON { written in
                // Each query, then the next page of each by the cursor the database's answer gave.
                var queries = Self.queries.map { ($0, nil as String?) }
                var index = 0
                var compared = 0
                while index < queries.count {
                    let (query, cursor) = queries[index]
                    index += 1
                    let parts = (query.isEmpty ? [] : [query]) + (cursor.map { ["cursor=" + $0] } ?? [])
                    let uri = "/v1/invoices" + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
                    let fromDatabase = try await app.send(.get, uri, token: token)
                    let fromServer = try await written.send(.get, uri, token: token)
                    #expect(fromDatabase.status == .ok, "\(uri)")
                    #expect(fromServer.status == .ok, "\(uri)")
                    #expect(fromDatabase.headers[.contentType] == fromServer.headers[.contentType])
                    #expect(fromDatabase.headers[.contentLength] == String(fromDatabase.body.readableBytes))
                    let a = try JSONSerialization.jsonObject(with: Data(buffer: fromDatabase.body)) as? NSDictionary
                    let b = try JSONSerialization.jsonObject(with: Data(buffer: fromServer.body)) as? NSDictionary
                    #expect(
                        a?["items"] != nil && a?["items"] as? NSArray == b?["items"] as? NSArray, "\(uri): \(fromDatabase.text) ≠ \(fromServer.text)")
                    #expect(Set(a?.allKeys as? [String] ?? []) == Set(b?.allKeys as? [String] ?? []), "\(uri)")
                    // A cursor's JSON has its keys in any order: the positions must be the same.
                    let next = (a?["nextCursor"] as? String).flatMap { PageCursor.decode($0, as: InvoicePosition.self) }
                    let expected = (b?["nextCursor"] as? String).flatMap { PageCursor.decode($0, as: InvoicePosition.self) }
                    #expect(
                        [next?.lastName, next?.firstName, next?.personId.uuidString, next?.period]
                            == [expected?.lastName, expected?.firstName, expected?.personId.uuidString, expected?.period], "\(uri)")
                    #expect((fromDatabase.headers[.link] != nil) == (next != nil), "\(uri)")
                    if let link = fromDatabase.headers[.link], let cursor = a?["nextCursor"] as? String {
                        // The link keeps the query but its cursor and offset.
                        let kept = query.split(separator: "&").map(String.init).filter { !$0.hasPrefix("offset=") }
                        #expect(
                            link
                                == "<\(uri.split(separator: "?").first.map(String.init) ?? "")?\((kept + ["cursor=" + cursor]).joined(separator: "&"))>; rel=\"next\""
                        )
                        if queries.count < 40 { queries.append((kept.joined(separator: "&"), cursor)) }
                    }
                    compared += ((a?["items"] as? [Any])?.count ?? 0)
                }
                #expect(compared > 300)
            }

            // The fields made to differ are there as the contract has them.
            let page = try await app.send(.get, "/v1/invoices?limit=100&attention=true", token: token)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(buffer: page.body)) as? NSDictionary)["items"] as? [NSDictionary]
            let euro = try #require(items?.first { $0["id"] as? String == uploaded })
            #expect(euro["currency"] as? String == "EUR" && euro["invoiceNumber"] as? String == "FV \"7\" \\ a\tb")
            #expect(euro["dueDate"] as? String == "2026-10-15")
            #expect((euro["file"] as? NSDictionary)?["downloadUrl"] as? String == "https://staffbook.example.com/v1/invoices/\(uploaded)/file")
            #expect(
                euro["checks"] as? NSDictionary
                    == ["attention": true, "failing": ["amount", "dates"], "needsConfirmation": ["bank_account"]] as NSDictionary)
            let ownPeriod = try #require(try await app.sql("SELECT to_char(period, 'YYYY-MM') FROM invoices WHERE id = '\(own)'").first ?? nil)
            let month = try await app.send(.get, "/v1/invoices?limit=100&period=\(ownPeriod)", token: token)
            let monthItems = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: month.body)) as? NSDictionary)?["items"] as? [NSDictionary])
            let ownItem = try #require(monthItems.first { $0["id"] as? String == own })
            // The admin's own submitted invoice: theirs to replace as well as to approve or return.
            let asOwner = InvoiceWorkflow.allowedActions(state: .submitted, kind: .uploaded, actors: [.owner, .admin]).map(\.rawValue)
            let asAdmin = InvoiceWorkflow.allowedActions(state: .submitted, kind: .uploaded, actors: [.admin]).map(\.rawValue)
            #expect(asOwner != asAdmin)
            #expect(ownItem["actions"] as? [String] == asOwner)
            #expect(
                monthItems.filter { $0["id"] as? String != own && $0["state"] as? String == "submitted" && $0["kind"] as? String == "uploaded" }
                    .allSatisfy { $0["actions"] as? [String] == asAdmin })
        }
    }

    @Test func aPageOfNothingIsAnEmptyListWithoutACursor() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            let empty = try await app.send(.get, "/v1/invoices?period=2031-01", token: token)
            #expect(empty.status == .ok)
            #expect(empty.text == #"{"items":[]}"#)
            #expect(empty.headers[.link] == nil)
        }
    }
}
