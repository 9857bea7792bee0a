import Foundation
import StaffbookClient
import StaffbookTestSupport
import Testing

/// The walk-through (docs/walk-through.md), as an app would run it: through `StaffbookClient` against the real
/// server on a loopback port.
@Suite struct WalkThroughTests {
    static let pdf = try? Data(contentsOf: TestDatabase.seedsDirectory.appendingPathComponent("demo-invoice.pdf"))

    @Test func aWorkersInvoiceIsUploadedFoundApprovedExportedAndPaid() async throws {
        try await EndToEndServer.run { server in
            let worker = Staffbook(serverURL: server.url)
            let jan = try await worker.signIn(email: "jan.novak@staffbook.example", password: "staffbook-demo")
            #expect(jan.firstName == "Jan")

            // The worker lists their months, then uploads this month's PDF with its amount.
            let months = try await worker.api.listMyInvoices(query: .init(limit: 3)).ok.body.json.items
            #expect(months.count == 3)
            let pdf = try #require(Self.pdf)
            let november = try #require(Month("2026-11"))
            let invoice = try await worker.uploadInvoice(month: november, pdf: pdf, filename: "faktura-listopad.pdf", amount: Money("42000.50"))
            #expect(invoice.state == .submitted)
            #expect(invoice.amount == Money(Decimal(string: "42000.5")!))
            #expect(invoice.period == november)
            let invoiceId = try #require(invoice.invoiceId)
            // The same file again replaces the file (200): the helper answers the month either way.
            let replaced = try await worker.uploadInvoice(month: november, pdf: pdf, amount: 42_000)
            #expect(replaced.invoiceId == invoiceId && replaced.amount == 42_000)

            // The admin finds it among the month's submitted invoices by part of the name.
            let admin = Staffbook(serverURL: server.url)
            try await admin.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let found = try await admin.api.listInvoices(query: .init(period: november, state: .submitted, q: "novak")).ok.body.json
            #expect(found.items.contains { $0.id == invoiceId })

            // Approves it with the version read (If-Match), exports the month and records that.
            let read = try await admin.api.getInvoice(path: .init(invoiceId: invoiceId)).ok
            let version = read.headers.eTag
            // Uploaded without its data, it fails the checks: the admin approves it over them, saying why.
            let approved = try await admin.api.actOnInvoice(
                path: .init(invoiceId: invoiceId, action: .approve), headers: .init(ifMatch: version),
                body: .json(.init(reason: "Zkontrolováno ručně", override: true))
            ).ok
            #expect(try approved.body.json.state == .approved)
            let csv = try await admin.api.exportInvoices(query: .init(period: november, format: .csv)).ok.body.csv
            let text = try await String(collecting: csv, upTo: 1 << 20)
            #expect(text.contains("42000.00") || text.contains("42 000,00") || text.contains("42000,00"))
            let marked = try await admin.api.markInvoicesExported(query: .init(period: november)).ok.body.json
            #expect(marked.count >= 1)

            // Marks it paid; its history shows each step.
            let paid = try await admin.api.actOnInvoice(
                path: .init(invoiceId: invoiceId, action: .markPaid), headers: .init(ifMatch: approved.headers.eTag)
            ).ok.body.json
            #expect(paid.state == .paid)
            #expect(paid.paidAt != nil && paid.exportedAt != nil)

            // The worker sees the payment on their own month.
            let mine = try await worker.api.listMyInvoices(query: .init(limit: 1)).ok.body.json.items.first
            #expect(mine?.period == november)
            #expect(mine?.state == .paid)
        }
    }

    @Test func aStaleVersionIsAProblemWithTypeAndRequestId() async throws {
        try await EndToEndServer.run { server in
            let admin = Staffbook(serverURL: server.url)
            try await admin.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let invoiceId = try #require(
                try await admin.api.listInvoices(query: .init(limit: 1, state: .submitted)).ok.body.json.items.first?.id
            )
            do {
                _ = try await admin.api.actOnInvoice(path: .init(invoiceId: invoiceId, action: .approve), headers: .init(ifMatch: "\"0\""))
                Issue.record("a stale If-Match was accepted")
            } catch let problem as StaffbookProblem {
                #expect(problem.status == 412)
                #expect(problem.type == "urn:staffbook:problem:precondition-failed")
                #expect(problem.requestID?.isEmpty == false)
                #expect(!problem.detail.isEmpty)
            }
        }
    }

    @Test func fieldErrorsArriveInTheLanguageTheAppAsksFor() async throws {
        try await EndToEndServer.run { server in
            let client = Staffbook(serverURL: server.url, language: "cs")
            try await client.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            do {
                _ = try await client.api.listInvoices(query: .init(limit: 0))
                Issue.record("limit=0 was accepted")
            } catch let problem as StaffbookProblem {
                #expect(problem.status == 400)
                #expect(problem.type == "urn:staffbook:problem:validation-failed")
                let field = try #require(problem.fieldErrors.first)
                #expect(field.field == "query.limit")
                #expect(problem.title == "Neplatný vstup")
                #expect(field.message == "Mezi 1 a 100.")
                #expect(problem.localizedDescription == problem.detail, "an app shows the server's sentence, in Czech")
                #expect(problem.recoverySuggestion == "Mezi 1 a 100.")
            }
        }
    }

    @Test func pagesAreFollowedOneAtATimeAndTheItemsComeInOrder() async throws {
        try await EndToEndServer.run { server in
            let admin = Staffbook(serverURL: server.url)
            try await admin.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let everyone = try await admin.api.listUsers(query: .init(limit: 100)).ok.body.json.items

            let pages = Pages { cursor in try await admin.api.listUsers(query: .init(limit: 7, cursor: cursor)).ok.body.json }
            var sizes: [Int] = []
            for try await page in pages { sizes.append(page.items.count) }
            var ids: [UUID] = []
            for try await user in pages.items { ids.append(user.id) }

            #expect(everyone.count > 7, "the demo has more people than a page of 7")
            #expect(sizes.dropLast().allSatisfy { $0 == 7 } && sizes.reduce(0, +) == everyone.count)
            #expect(ids == everyone.map(\.id))
            #expect(server.requests.filter { $0.path == "/v1/users" }.count == 1 + 2 * sizes.count)
        }
    }

    @Test func valuesArriveAsSwiftValuesAndEnumsPrintWhatTheServerSays() async throws {
        try await EndToEndServer.run { server in
            let admin = Staffbook(serverURL: server.url)
            try await admin.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let october = try #require(Month(year: 2026, month: 10))
            let invoice = try #require(
                try await admin.api.listInvoices(query: .init(limit: 1, period: october)).ok.body.json.items.first)

            #expect(invoice.period == october)
            #expect(invoice.amount.value > 0)
            #expect("\(invoice.state)" == invoice.state.rawValue)
            #expect("\(Components.Schemas.InvoiceAction.markPaid)" == "mark-paid")
            #expect(Month("2026-13") == nil && Day("2026-02-29") == nil && Day("2028-02-29") != nil)
            #expect(october.next.description == "2026-11" && october.previous.previous.description == "2026-08")
            #expect(Money("1234.5")?.description == "1234.50")
        }
    }
}
