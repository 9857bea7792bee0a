import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookClient
import StaffbookTestSupport
import Testing

/// The README's walk-through, as an app would run it: through `StaffbookClient` against the real
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
            let uploaded = try await worker.api.uploadMyInvoice(
                path: .init(period: "2026-11"),
                headers: .init(idempotencyKey: UUID().uuidString),
                body: .multipartForm([
                    .file(.init(payload: .init(body: HTTPBody(pdf)), filename: "faktura-listopad.pdf")),
                    .amount(.init(payload: .init(body: HTTPBody("42000.50")))),
                ])
            )
            let invoice: Components.Schemas.MyInvoice
            switch uploaded {
            case .created(let created): invoice = try created.body.json
            case .ok(let replaced): invoice = try replaced.body.json
            default: throw EndToEndFailure("upload answered \(uploaded)")
            }
            #expect(invoice.state == .submitted)
            #expect(invoice.amount == "42000.50")
            let invoiceId = try #require(invoice.invoiceId)

            // The admin finds it among the month's submitted invoices by part of the name.
            let admin = Staffbook(serverURL: server.url)
            try await admin.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let found = try await admin.api.listInvoices(query: .init(period: "2026-11", state: .submitted, q: "novak")).ok.body.json
            #expect(found.items.contains { $0.id == invoiceId })

            // Approves it with the version read (If-Match), exports the month and records that.
            let read = try await admin.api.getInvoice(path: .init(invoiceId: invoiceId)).ok
            let version = try #require(read.headers.eTag)
            // Uploaded without its data, it fails the checks: the admin approves it over them, saying why.
            let approved = try await admin.api.actOnInvoice(
                path: .init(invoiceId: invoiceId, action: .approve), headers: .init(ifMatch: version),
                body: .json(.init(reason: "Zkontrolováno ručně", override: true))
            ).ok
            #expect(try approved.body.json.state == .approved)
            let csv = try await admin.api.exportInvoices(query: .init(period: "2026-11", format: .csv)).ok.body.csv
            let text = try await String(collecting: csv, upTo: 1 << 20)
            #expect(text.contains("42000.50") || text.contains("42 000,50") || text.contains("42000,50"))
            let marked = try await admin.api.markInvoicesExported(query: .init(period: "2026-11")).ok.body.json
            #expect(marked.count >= 1)

            // Marks it paid; its history shows each step.
            let paid = try await admin.api.actOnInvoice(
                path: .init(invoiceId: invoiceId, action: .markPaid), headers: .init(ifMatch: approved.headers.eTag)
            ).ok.body.json
            #expect(paid.state == .paid)
            #expect(paid.paidAt != nil && paid.exportedAt != nil)

            // The worker sees the payment on their own month.
            let mine = try await worker.api.listMyInvoices(query: .init(limit: 1)).ok.body.json.items.first
            #expect(mine?.period == "2026-11")
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
            } catch {
                let problem = try #require(StaffbookProblem(error))
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
            } catch {
                let problem = try #require(StaffbookProblem(error))
                #expect(problem.status == 400)
                #expect(problem.type == "urn:staffbook:problem:validation-failed")
                let field = try #require(problem.fieldErrors.first)
                #expect(field.field == "query.limit")
                #expect(problem.title == "Neplatný vstup")
                #expect(field.message == "Mezi 1 a 100.")
            }
        }
    }
}
