import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail

/// The IČO, DIČ and bank account a contractor invoices with: what invoices are checked against.
/// A changed account is the classic invoice fraud, so it is audited and the person told.
@Suite("People: billing details")
struct BillingDetailsTests {
    struct Billing: Decodable, Equatable {
        var ico: String?; var dic: String?; var bankAccount: InvoiceDesk.Account?
    }

    @Test func eachDetailIsCheckedAndTheAccountShownInBothForms() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")

            let bad = try await app.send(
                .put, "/v1/me/billing", token: jan, json: #"{"ico":"12345678","dic":"12345679","bankAccount":"2001000002/0800"}"#)
            let unknownBank = try await app.send(.put, "/v1/me/billing", token: jan, json: #"{"bankAccount":"2001000001/0001"}"#)
            let unknownField = try await app.send(.put, "/v1/me/billing", token: jan, json: #"{"iban":"CZ6508000000192000145399"}"#)
            let stored = try await app.send(.get, "/v1/me/billing", token: jan).decode(Billing.self)
            let saved = try await app.send(
                .put, "/v1/me/billing", token: jan, json: #"{"ico":" 12345679 ","dic":"CZ12345679","bankAccount":"cz65 0800 0000 1920 0014 5399"}"#)
            let cleared = try await app.send(.put, "/v1/me/billing", token: jan, json: #"{"ico":"12345679","dic":null,"bankAccount":"19-2000145399/0800"}"#)

            #expect(bad.status == .badRequest)
            #expect(bad.problem?.errors?.map { [$0.field, $0.code] } == [["body.ico", "ico"], ["body.dic", "dic"], ["body.bankAccount", "check_digit"]])
            #expect(unknownBank.problem?.errors?.map(\.code) == ["unknown_bank"])
            #expect(unknownField.status == .badRequest)
            #expect(stored == Billing(ico: "12345679", dic: nil, bankAccount: .init(iban: "CZ8808000000002001000001", domestic: "2001000001/0800")))
            #expect(saved.status == .ok)
            #expect(
                try saved.decode(Billing.self)
                    == Billing(ico: "12345679", dic: "CZ12345679", bankAccount: .init(iban: "CZ6508000000192000145399", domestic: "19-2000145399/0800")))
            #expect(try cleared.decode(Billing.self).dic == nil)
            #expect(try await app.send(.get, "/v1/me/billing", token: jan).decode(Billing.self) == (try cleared.decode(Billing.self)))
        }
    }

    @Test func aChangedBankAccountIsAuditedAndThePersonToldByEMailWhoeverChangedIt() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")

            let byAdmin = try await app.send(
                .put, "/v1/users/\(Demo.janNovak)/billing", token: admin, json: #"{"ico":"12345679","bankAccount":"19-2000145399/0800"}"#)
            let same = try await app.send(
                .put, "/v1/users/\(Demo.janNovak)/billing", token: admin, json: #"{"ico":"12345679","bankAccount":"CZ6508000000192000145399"}"#)
            let icoOnly = try await app.send(
                .put, "/v1/me/billing", token: petra, json: #"{"ico":"25596641","dic":"CZ76543218","bankAccount":"1234000008/2010"}"#)
            let byHerself = try await app.send(.put, "/v1/me/billing", token: petra, json: #"{"ico":"25596641","bankAccount":"2001000001/0800"}"#)
            let unknown = try await app.send(.put, "/v1/users/\(UUID())/billing", token: admin, json: "{}")
            try await app.withWorker { _ = await $0.tick() }

            #expect([byAdmin.status, same.status, icoOnly.status, byHerself.status] == [.ok, .ok, .ok, .ok])
            #expect(unknown.status == .notFound)
            let mails = try await sink.waitForMessages(2)
            #expect(mails.count == 2, "one per changed account: the same account again and an IČO change tell nobody")
            let toJan = try #require(mails.first { $0.header("X-Envelope-To") == "jan.novak@staffbook.example" })
            #expect(toJan.subject == "Změna bankovního účtu pro vaše faktury")
            #expect(toJan.body("text/plain").contains("19-2000145399/0800 (CZ65 0800 0000 1920 0014 5399)"))
            #expect(mails.contains { $0.header("X-Envelope-To") == "petra.svobodova@staffbook.example" })
            let audit = try await app.sql(
                """
                SELECT changed_by::text || ' ' || (changes->'bankAccount'->>'from') || ' → ' || (changes->'bankAccount'->>'to')
                FROM audit_log WHERE entity = 'account' AND action = 'billing' AND changes ? 'bankAccount' ORDER BY id
                """)
            #expect(
                audit == [
                    "\(Demo.admin.lowercasedString) CZ8808000000002001000001 → CZ6508000000192000145399",
                    "\(Demo.petraSvobodova.lowercasedString) CZ4520100000001234000008 → CZ8808000000002001000001",
                ])
        }
    }
}
