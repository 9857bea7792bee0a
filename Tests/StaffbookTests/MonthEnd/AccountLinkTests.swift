import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Invitations and password resets: one-time links mailed to the person.
@Suite("Invitations and password resets")
struct AccountLinkTests {
    /// The token at the end of the link in a mail.
    private func token(in mail: ReceivedMail?) throws -> String {
        let text = try #require(mail?.body("text/plain"))
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("staffbook://") })
        return String(try #require(line.split(separator: "/").last))
    }

    @Test func aNewPersonIsInvitedSetsAPasswordOnceAndSignsIn() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let created = try await app.send(.post, "/v1/users", token: admin, json: """
                {"email":"nova.kolegyne@staffbook.example","firstName":"Eliška","lastName":"Nová","language":"en",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"700","effectiveFrom":"2026-12-01"}}
                """)
            try await app.withWorker { _ = await $0.tick() }
            let mail = try await sink.waitForMessages(1).first
            let token = try token(in: mail)
            let tooShort = try await app.send(.post, "/v1/auth/invitations/\(token)", token: nil, json: #"{"password":"short"}"#)
            let accepted = try await app.send(.post, "/v1/auth/invitations/\(token)", token: nil, json: #"{"password":"a long enough password"}"#)
            let again = try await app.send(.post, "/v1/auth/invitations/\(token)", token: nil, json: #"{"password":"another long password"}"#)
            let forged = try await app.send(.post, "/v1/auth/invitations/\(String(repeating: "A", count: 43))", token: nil, json: #"{"password":"a long enough password"}"#)

            #expect(created.status == .created, "\(created.text)")
            #expect(created.text.contains(#""language":"en""#))
            #expect(mail?.header("X-Envelope-To") == "nova.kolegyne@staffbook.example")
            #expect(mail?.subject == "Your Staffbook invitation")
            #expect(tooShort.status == .badRequest)
            #expect(tooShort.problem?.errors?.first?.code == "too_short")
            #expect(accepted.status == .noContent, "\(accepted.text)")
            #expect(again.status == .notFound)
            #expect(forged.status == .notFound)
            #expect(try await app.signIn("nova.kolegyne@staffbook.example", password: "a long enough password").accessToken.isEmpty == false)
            #expect(try await app.sql("SELECT encode(token_hash, 'hex') FROM account_tokens").allSatisfy { $0 != token })
        }
    }

    @Test func anInvitationExpiresAfterSevenDaysAndAResentOneReplacesIt() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let created = try await app.send(.post, "/v1/users", token: admin, json: """
                {"email":"pozde@staffbook.example","firstName":"Petr","lastName":"Pozdní",
                 "contract":{"type":"ICO","validFrom":"2026-12-01"},"rate":{"amount":"700","effectiveFrom":"2026-12-01"}}
                """)
            struct Created: Decodable { var id: String }
            let id = try created.decode(Created.self).id
            try await app.withWorker { _ = await $0.tick() }
            let first = try token(in: try await sink.waitForMessages(1).first)

            let resent = try await app.send(.post, "/v1/users/\(id)/invitation", token: admin)
            try await app.withWorker { _ = await $0.tick() }
            let second = try token(in: try await sink.waitForMessages(2).last)
            let replaced = try await app.send(.post, "/v1/auth/invitations/\(first)", token: nil, json: #"{"password":"a long enough password"}"#)
            let unknownPerson = try await app.send(.post, "/v1/users/\(UUID())/invitation", token: admin)
            app.clock.advance(by: 7 * 86400 + 1)
            let expired = try await app.send(.post, "/v1/auth/invitations/\(second)", token: nil, json: #"{"password":"a long enough password"}"#)

            #expect(resent.status == .accepted)
            #expect(first != second)
            #expect(replaced.status == .notFound)
            #expect(expired.status == .notFound)
            #expect(unknownPerson.status == .notFound)
        }
    }

    @Test func aResetAlwaysAnswers202MailsOnlyRealAccountsIsThrottledAndEndsEverySession() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let before = try await app.signIn("jan.novak@staffbook.example", password: Demo.password)

            let known = try await app.send(.post, "/v1/auth/password-reset", token: nil, json: #"{"email":"Jan.Novak@staffbook.example"}"#)
            let unknown = try await app.send(.post, "/v1/auth/password-reset", token: nil, json: #"{"email":"nikdo@staffbook.example"}"#)
            try await app.withWorker { _ = await $0.tick() }
            let mails = try await sink.waitForMessages(1)
            let token = try token(in: mails.first)
            let reset = try await app.send(.post, "/v1/auth/password-reset/\(token)", token: nil, json: #"{"password":"my brand new password"}"#)
            var throttled: [Int] = []
            for _ in 0..<3 {
                throttled.append(Int(try await app.send(.post, "/v1/auth/password-reset", token: nil, json: #"{"email":"nikdo@staffbook.example"}"#).status.code))
            }

            #expect(known.status == .accepted)
            #expect(unknown.status == .accepted)
            #expect(mails.count == 1)
            #expect(mails.first?.header("X-Envelope-To") == "jan.novak@staffbook.example")
            #expect(reset.status == .noContent, "\(reset.text)")
            #expect(try await app.refresh(before.refreshToken).status == .unauthorized)
            #expect(try await app.signIn("jan.novak@staffbook.example", password: "my brand new password").accessToken.isEmpty == false)
            #expect(throttled == [202, 202, 429])
        }
    }
}
