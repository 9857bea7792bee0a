import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Invoices: the admin's side")
struct AdminInvoiceTests {
    struct Summary: Decodable {
        struct Person: Decodable { var id: String; var lastName: String }
        var id: String; var person: Person; var period: String; var state: String; var amount: String; var actions: [String]
    }
    struct List: Decodable { var items: [Summary]; var nextCursor: String? }
    struct Detail: Decodable {
        struct Event: Decodable { var action: String; var from: String?; var to: String; var reason: String? }
        var id: String; var state: String; var returnReason: String?; var events: [Event]; var actions: [String]
    }

    @Test func theListFiltersByPeriodStateAndNameInCzechOrder() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")

            let approved = try await app.send(.get, "/v1/invoices?period=2026-09&state=approved&limit=100", token: token).decode(List.self)
            let search = try await app.send(.get, "/v1/invoices?q=sevcikova&period=2026-09", token: token).decode(List.self)

            #expect(!approved.items.isEmpty)
            #expect(approved.items.allSatisfy { $0.state == "approved" && $0.period == "2026-09" })
            #expect(approved.items.allSatisfy { $0.actions == ["return", "mark-paid", "undo-approval"] })
            let names = approved.items.map(\.person.lastName)
            #expect(names.firstIndex(of: "Horáková").map { h in names.firstIndex(of: "Chalupa").map { h < $0 } ?? true } ?? true)
            #expect(search.items.map(\.person.lastName) == ["Ševčíková"])
        }
    }

    @Test func keysetPagesCoverTheWholeListOnce() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/v1/invoices?state=paid&limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await app.send(.get, uri, token: token).decode(List.self)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil

            let total = try await app.sql("SELECT count(*)::text FROM invoices WHERE state = 'paid'")
            #expect(String(seen.count) == total.first!)
            #expect(Set(seen).count == seen.count)
        }
    }

    /// Page sizes of 10 run as prepared statements, one per filter shape; 7 runs unnamed with
    /// every optional filter in one text. Both walks must list the same invoices in the same order.
    @Test(arguments: ["", "period=2026-09", "state=paid", "period=2026-09&state=approved"])
    func everyPreparedFilterShapeListsWhatTheUnnamedStatementLists(filter: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let token = try await app.token("admin@staffbook.example")
            func walk(limit: Int) async throws -> (ids: [String], pages: Int) {
                var (ids, pages, cursor): ([String], Int, String?) = ([], 0, nil)
                repeat {
                    let uri = "/v1/invoices?limit=\(limit)" + (filter.isEmpty ? "" : "&" + filter) + (cursor.map { "&cursor=\($0)" } ?? "")
                    let page = try await app.send(.get, uri, token: token).decode(List.self)
                    ids += page.items.map(\.id)
                    pages += 1
                    cursor = page.nextCursor
                } while cursor != nil
                return (ids, pages)
            }

            let prepared = try await walk(limit: 10)
            let unnamed = try await walk(limit: 7)

            #expect(prepared.pages > 1)
            #expect(!prepared.ids.isEmpty)
            #expect(prepared.ids == unnamed.ids)
        }
    }

    private func submittedInvoice(_ app: TestContext) async throws -> (id: String, etag: String) {
        let token = try await app.token("jan.novak@staffbook.example")
        let month = try await app.upload("2026-11", token: token).decode(WorkerInvoiceTests.Month.self)
        let admin = try await app.token("admin@staffbook.example")
        let read = try await app.send(.get, "/v1/invoices/\(month.invoiceId!)", token: admin)
        return (month.invoiceId!, try #require(read.headers[.eTag], "\(read.status) \(read.text)"))
    }

    @Test func theWholeWorkflowIsRecordedWithWhoWhenAndWhy() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let (id, etag) = try await submittedInvoice(app)

            let returned = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Chybí IČO"}"#, headers: [.ifMatch: etag])
            let replaced = try await app.upload("2026-11", token: try await app.token("jan.novak@staffbook.example"))
            let fresh = try await app.send(.get, "/v1/invoices/\(id)", token: admin)
            let approved = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Zkontrolováno ručně"}"#, headers: [.ifMatch: fresh.headers[.eTag]!])
            let paid = try await app.send(.post, "/v1/invoices/\(id)/actions/mark-paid", token: admin, headers: [.ifMatch: approved.headers[.eTag]!])

            #expect(returned.status == .ok)
            #expect(try returned.decode(Detail.self).returnReason == "Chybí IČO")
            #expect(replaced.status == .ok)
            let detail = try paid.decode(Detail.self)
            #expect(detail.state == "paid")
            #expect(detail.actions == ["undo-payment"])
            #expect(detail.events.map(\.action) == ["upload", "return", "replace", "approve_override", "mark-paid"])
            #expect(detail.events[1].reason == "Chybí IČO")
        }
    }

    @Test func aReturnMadeByMistakeIsUndoneWhileTheWorkerHasNotReplacedTheFile() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let (id, etag) = try await submittedInvoice(app)

            let returned = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Chybí IČO"}"#, headers: [.ifMatch: etag])
            let undone = try await app.send(
                .post, "/v1/invoices/\(id)/actions/undo-return", token: admin, json: #"{"reason":"Vráceno omylem"}"#,
                headers: [.ifMatch: returned.headers[.eTag]!]
            )
            // Returned again, and this time the worker replaces the file: nothing left to undo.
            let again = try await app.send(
                .post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"Chybí IČO"}"#, headers: [.ifMatch: undone.headers[.eTag]!]
            )
            #expect(try again.decode(Detail.self).actions.contains("undo-return"))
            _ = try await app.upload("2026-11", token: try await app.token("jan.novak@staffbook.example"))
            let fresh = try await app.send(.get, "/v1/invoices/\(id)", token: admin)
            let tooLate = try await app.send(
                .post, "/v1/invoices/\(id)/actions/undo-return", token: admin, headers: [.ifMatch: fresh.headers[.eTag]!, .acceptLanguage: "en"]
            )

            #expect(undone.status == .ok, "\(undone.text)")
            let detail = try undone.decode(Detail.self)
            #expect(detail.state == "submitted")
            #expect(detail.returnReason == nil)
            #expect(detail.actions == ["approve", "return"])
            #expect(detail.events.map(\.action) == ["upload", "return", "undo-return"])
            #expect(detail.events.last?.from == "returned" && detail.events.last?.to == "submitted")
            #expect(detail.events.last?.reason == "Vráceno omylem")
            // The worker hears that the return is withdrawn, in the same transaction as the change.
            let told = try await app.sql(
                "SELECT kind FROM notifications WHERE account_id = '\(Demo.janNovak)' AND kind LIKE 'invoice_return%' ORDER BY kind"
            )
            #expect(told == ["invoice_return_withdrawn", "invoice_returned", "invoice_returned"])
            #expect(tooLate.status == .conflict)
            #expect(tooLate.problem?.detail == "The invoice is submitted; 'undo-return' is not allowed. Allowed now: approve, return.")
        }
    }

    @Test func actionsNeedIfMatchAndRefuseAStaleOne() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let (id, etag) = try await submittedInvoice(app)

            let missing = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin)
            // Found by fuzzing: an empty If-Match is no If-Match (428), not a stale one (412).
            let empty = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"reason":null}"#, headers: [.ifMatch: ""])
            let first = try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Zkontrolováno ručně"}"#, headers: [.ifMatch: etag])
            let stale = try await app.send(.post, "/v1/invoices/\(id)/actions/undo-approval", token: admin, headers: [.ifMatch: etag])

            #expect(missing.status.code == 428, "\(missing.text)")
            #expect(empty.status.code == 428)
            #expect(first.status == .ok)
            #expect(stale.status == .preconditionFailed)
        }
    }

    @Test func anActionNotAllowedFromTheStateAnswers409NamingStateAndAllowedActions() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let (id, etag) = try await submittedInvoice(app)

            let response = try await app.send(.post, "/v1/invoices/\(id)/actions/mark-paid", token: admin, headers: [.ifMatch: etag, .acceptLanguage: "en"])
            let noReason = try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: admin, json: #"{"reason":"  "}"#, headers: [.ifMatch: etag])
            let unknown = try await app.send(.post, "/v1/invoices/\(id)/actions/destroy", token: admin, headers: [.ifMatch: etag])

            #expect(response.status == .conflict)
            #expect(response.problem?.type == "urn:staffbook:problem:invalid-transition")
            #expect(response.problem?.detail == "The invoice is submitted; 'mark-paid' is not allowed. Allowed now: approve, return.")
            #expect(noReason.status == .badRequest)
            #expect(noReason.problem?.errors?.first?.field == "body.reason")
            // A path segment that is none of the parameter's values names nothing.
            #expect(unknown.status == .notFound)
        }
    }

    @Test func twoAdminsActingAtOnceCannotBothWin() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let other = try await app.token("lead.web@staffbook.example")
            let (id, etag) = try await submittedInvoice(app)

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                group.addTask {
                    try await app.send(.post, "/v1/invoices/\(id)/actions/approve", token: admin, json: #"{"override":true,"reason":"Zkontrolováno ručně"}"#, headers: [.ifMatch: etag]).status.code
                }
                group.addTask {
                    try await app.send(.post, "/v1/invoices/\(id)/actions/return", token: other, json: #"{"reason":"x"}"#, headers: [.ifMatch: etag]).status.code
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            #expect(statuses.sorted() == [200, 412])
            let events = try await app.sql("SELECT count(*)::text FROM invoice_events WHERE invoice_id = '\(id)'")
            #expect(events == ["2"])
        }
    }

    @Test func markingAMonthPaidInBulkAnswersPerInvoiceAndAnIdempotentRetryChangesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            struct Result: Decodable {
                struct Item: Decodable { var invoiceId: String; var outcome: String; var reason: String? }
                var done: Int; var skipped: Int; var items: [Item]
            }
            let before = try await app.sql("SELECT count(*)::text FROM invoices WHERE period = '2026-09-01' AND state = 'approved'")
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "pay-september"]

            let first = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"mark-paid","filter":{"period":"2026-09"}}"#, headers: key)
            let retry = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"mark-paid","filter":{"period":"2026-09"}}"#, headers: key)
            let byIds = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"approve","ids":["nope","\#(UUID())"]}"#)
            let neither = try await app.send(.post, "/v1/invoices/bulk-actions", token: admin, json: #"{"action":"approve"}"#)

            let result = try first.decode(Result.self)
            #expect(String(result.done) == before.first!)
            #expect(result.skipped > 0)
            #expect(
                result.items.filter { $0.outcome == "skipped" }.allSatisfy {
                    $0.reason == "The invoice is returned; 'mark-paid' is not allowed. Allowed now: approve, undo-return."
                        || $0.reason?.hasPrefix("The invoice is returned; 'mark-paid' is not allowed.") == true
                })
            #expect(try retry.decode(Result.self).items.map(\.invoiceId) == result.items.map(\.invoiceId))
            #expect(try retry.decode(Result.self).done == result.done)
            let events = try await app.sql("SELECT count(*)::text FROM invoice_events WHERE action = 'mark-paid' AND at > '2026-11-01'")
            #expect(events == [String(result.done)])
            #expect(try byIds.decode(Result.self).items.map(\.reason) == ["This is not an invoice id.", "There is no such invoice."])
            #expect(neither.status == .badRequest)
        }
    }

    @Test func missingInvoicesAreThePeopleWithAnICOContractAndNoInvoice() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            struct Missing: Decodable { struct Person: Decodable { var lastName: String }; var items: [Person] }

            let missing = try await app.send(.get, "/v1/invoices/missing?period=2026-10&limit=100", token: admin).decode(Missing.self)

            let expected = try await app.sql(
                """
                SELECT a.last_name FROM accounts a WHERE EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type = 'ICO'
                  AND c.valid_from <= '2026-10-31' AND (c.valid_to IS NULL OR c.valid_to >= '2026-10-01'))
                  AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period = '2026-10-01')
                ORDER BY a.last_name COLLATE czech
                """
            )
            #expect(missing.items.map(\.lastName) == expected.compactMap { $0 })
            #expect(missing.items.map(\.lastName).contains("Novák"))
        }
    }

    @Test func missingInvoicesSearchByNameIgnoringCaseAndDiacritics() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            struct Missing: Decodable { struct Person: Decodable { var lastName: String }; var items: [Person] }

            // Is Jan Novák missing in October? Kateřina Nováková (HPP) never owes an invoice.
            let novak = try await app.send(.get, "/v1/invoices/missing?period=2026-10&q=NOVAK", token: admin).decode(Missing.self)
            let sevcikova = try await app.send(.get, "/v1/invoices/missing?period=2026-10&q=%C5%A1ev%C4%8D", token: admin).decode(Missing.self)
            let nobody = try await app.send(.get, "/v1/invoices/missing?period=2026-10&q=Karel", token: admin).decode(Missing.self)
            let tooLong = try await app.send(.get, "/v1/invoices/missing?period=2026-10&q=\(String(repeating: "x", count: 101))", token: admin)

            #expect(novak.items.map(\.lastName) == ["Novák"])
            #expect(sevcikova.items.map(\.lastName) == ["Ševčíková"])
            #expect(nobody.items.isEmpty)
            #expect(tooLong.problem?.errors?.map(\.field) == ["query.q"])
        }
    }

    @Test func theExportIsCSVWithABOMAndCzechNamesAndCanBeMarked() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let csv = try await app.send(.get, "/v1/invoices/export?period=2026-09&format=csv", token: admin)
            let marked = try await app.send(.post, "/v1/invoices/export/mark?period=2026-09", token: admin)

            let bytes = Array(csv.body.readableBytesView)
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
            let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.first == "employee,email,period,amount,currency,invoice_id,link,invoice_number,variable_symbol,supplier_ico,bank_account,iban,due_date")
            #expect(text.contains("Ondřej Chalupa,ondrej.chalupa@staffbook.example,2026-09,"))
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition] == #"attachment; filename="invoices-2026-09.csv""#)
            #expect(marked.text.contains(#""count":\#(lines.count - 1)"#))
        }
    }
}
