import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Statements and exports")
struct StatementTests {
    struct Result: Decodable {
        struct Item: Decodable { var userId: String; var invoiceId: String?; var outcome: String; var reason: String?; var hours: String?; var amount: String? }
        var items: [Item]
    }

    @Test func generatedStatementsAreRealWorkbooksAndRerunningChangesNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Kateřina Nováková (HPP, 30 h/week) gets her hours given; everyone else by capacity.
            let katerina = Demo.id(18)

            let first = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin,
                                           json: #"{"hours":[{"userId":"\#(katerina)","hours":"100.5"}]}"#)
            let created = try first.decode(Result.self)
            let kate = try #require(created.items.first { $0.userId == katerina.uuidString.lowercased() })
            let file = try await app.send(.get, "/v1/invoices/\(kate.invoiceId!)/file", token: admin)
            let again = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin)
            let august = try await app.send(.post, "/v1/invoices/statements?period=2026-08", token: admin)

            #expect(first.status == .ok, "\(first.text)")
            #expect(!created.items.isEmpty)
            #expect(created.items.allSatisfy { $0.outcome == "created" })
            #expect(kate.hours == "100.50")
            // Computed again with the same result (her given hours kept): no new file version.
            #expect(try again.decode(Result.self).items.allSatisfy { $0.outcome == "unchanged" })
            #expect(try again.decode(Result.self).items.first { $0.userId == kate.userId }?.hours == "100.50")
            // August's statements are approved or paid in the demo data: left alone.
            #expect(try august.decode(Result.self).items.allSatisfy { $0.outcome == "skipped" })
            let count = try await app.sql("SELECT count(*)::text FROM invoices WHERE period = '2026-11-01' AND kind = 'statement'")
            #expect(count == [String(created.items.count)])
            let versions = try await app.sql("SELECT count(*)::text FROM invoice_files WHERE invoice_id = '\(kate.invoiceId!)'")
            #expect(versions == ["1"])

            #expect(file.headers[.contentType] == XLSXWorkbook.mediaType)
            let sheet = try OpenPyXL.read(Data(file.body.readableBytesView))
            #expect(sheet.row(startingWith: "Zaměstnanec / Employee")?[1].value == "Kateřina Nováková")
            let total = try #require(sheet.row(startingWith: "Celkem / Total"))
            #expect(Decimal(string: total[3].cached) == Decimal(string: "100.5"))
            #expect(Decimal(string: total[5].cached) == Decimal(string: kate.amount!))
        }
    }

    @Test func theStatementWorkbookLooksFinishedAndMatchesTheLinesInTheAPI() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Kateřina Nováková, HPP 30 h a week at 490: November 2026 has 21 working days, Tuesday 17th a holiday.
            let katerina = Demo.id(18).uuidString.lowercased()

            let run = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin)
            let invoiceId = try #require(try run.decode(Result.self).items.first { $0.userId == katerina }?.invoiceId)
            let detail = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin)
            let file = try await app.send(.get, "/v1/invoices/\(invoiceId)/file", token: admin)
            let sheet = try OpenPyXL.read(Data(file.body.readableBytesView))

            // The API: lines, not a blended rate.
            struct Detail: Decodable {
                struct Line: Decodable {
                    struct Name: Decodable { var cs: String; var en: String }
                    var from: String; var to: String; var days: Int; var hours: String; var rate: String; var amount: String; var holiday: Name?
                }
                var amount: String; var statementBasis: String?; var statementLines: [Line]?
            }
            let body = try detail.decode(Detail.self)
            let lines = try #require(body.statementLines)
            #expect(body.statementBasis == "capacity")
            #expect(lines.map(\.from) == ["2026-11-02", "2026-11-17"])
            #expect(lines.map(\.days) == [20, 1])
            #expect(lines.map(\.hours) == ["120.00", "6.00"])
            #expect(lines.map(\.amount) == ["58800.00", "2940.00"])
            #expect(lines[1].holiday?.en == "Struggle for Freedom and Democracy Day")
            #expect(body.amount == "61740.00")

            // The workbook: who, what and when at the top.
            #expect(sheet.title == "2026-11")
            #expect(sheet.rows[0][0].value == "Staffbook" && sheet.rows[0][0].bold)
            #expect(sheet.row(startingWith: "Výkaz / Statement")?[1].value == "listopad 2026 / November 2026")
            #expect(sheet.row(startingWith: "Zaměstnanec / Employee")?[1].value == "Kateřina Nováková")
            #expect(sheet.row(startingWith: "Smlouva / Contract")?[1].value == "HPP")
            // A bold, frozen header row.
            let headerIndex = try #require(sheet.rows.firstIndex { $0.first?.value == "Od / From" })
            let header = sheet.rows[headerIndex].filter { $0.kind != "empty" }
            #expect(header.map(\.value) == ["Od / From", "Do / To", "Dny / Days", "Hodiny / Hours", "Sazba / Rate", "Částka / Amount", "Poznámka / Note"])
            #expect(header.allSatisfy { $0.bold })
            #expect(sheet.freeze == "A\(headerIndex + 2)")
            // Lines: real dates, numbers with their formats, the holiday marked.
            let rows = Array(sheet.rows[(headerIndex + 1)...(headerIndex + 2)])
            for row in rows {
                #expect(row[0].kind == "date" && row[1].kind == "date")
                #expect(row[0].format.contains("yyyy"))
                #expect(row[2].kind == "number" && row[2].format == "#,##0")
                #expect(row[3].kind == "number" && row[3].format == "#,##0.00")
                #expect(row[4].kind == "number" && row[4].format.hasPrefix("#,##0.00") && row[4].format.contains("Kč"))
                #expect(row[5].kind == "number" && row[5].format == row[4].format)
            }
            #expect(rows.map(\.[0].value) == ["2026-11-02", "2026-11-17"])
            #expect(rows.map(\.[5].value) == ["58800", "2940"])
            #expect(rows[1][6].value.contains("Den boje za svobodu a demokracii"))
            // Totals: hours and amount summed by formula (cached for readers that do not calculate), no rate.
            let total = sheet.rows[headerIndex + 3]
            #expect(total[0].value == "Celkem / Total" && total[0].bold)
            #expect(total[3].kind == "formula" && total[3].cached == "126" && total[3].bold)
            #expect(total[4].kind == "empty")
            #expect(total[5].kind == "formula" && total[5].cached == "61740" && total[5].format.contains("Kč"))
            // Columns as wide as the table's own cells (the lines above it run across), the note
            // wrapped: printed one page wide at a readable size.
            for letter in ["A", "B", "C", "D", "E", "F"] {
                let longest = Double(sheet.longestText(column: letter, skippingRows: headerIndex))
                #expect((sheet.widths[letter] ?? 0) >= min(longest, 60), "column \(letter)")
            }
            #expect((sheet.widths["B"] ?? 0) < 20, "the To column is sized by its dates, not the hours basis above the table")
            #expect(sheet.widths["G"] == XLSXWorkbook.wrappedWidth && rows[1][6].wrap)
            #expect((sheet.widths["F"] ?? 0) >= Double("61 740,00 Kč".count))
            #expect(sheet.fitToPage && sheet.fitToWidth == 1)
            #expect(sheet.orientation == "landscape")
        }
    }

    @Test func hoursForSomeoneWithoutAnEmploymentContractAnswer422() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin,
                                              json: #"{"hours":[{"userId":"\#(Demo.ondrejChalupa)","hours":"10"}]}"#)
            let future = try await app.send(.post, "/v1/invoices/statements?period=2027-01", token: admin)

            #expect(response.status == .unprocessableContent)
            #expect(response.problem?.type == "urn:staffbook:problem:no-statement-contract")
            #expect(future.problem?.type == "urn:staffbook:problem:future-period")
        }
    }
}

