import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail
@testable import StaffbookPostgres

@Suite("Time off: who is told, and the month-end reminders")
struct TimeOffReminderTests {
    @Test func someoneAwayForEveryReminderDayIsNotRemindedButTheDigestStillListsThem() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            // December's reminder days are the 3rd, 6th, 9th and 12th. Petra is away 1–14
            // December; Jan only 7–11, so he is still reminded.
            for (token, first, last) in [(petra, "2026-12-01", "2026-12-14"), (jan, "2026-12-07", "2026-12-11")] {
                let asked = try await app.send(.post, "/v1/me/absences", token: token, json: AbsenceTests.request("vacation", first, last))
                    .decode(AbsenceTests.Absence.self)
                #expect(try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: lead).status == .ok)
            }
            let missing = try await app.sql(MonthEndTests.novemberMissing).compactMap { $0 }
            try await app.withWorker { worker in
                app.clock.set("2026-12-03", 9, 0)
                await worker.tick()
            }
            let reminded = try await app.sql(
                "SELECT a.email::text FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE n.kind = 'invoice_reminder' ORDER BY 1"
            ).compactMap { $0 }

            #expect(missing.contains("petra.svobodova@staffbook.example") && missing.contains("jan.novak@staffbook.example"))
            #expect(reminded == missing.filter { $0 != "petra.svobodova@staffbook.example" })
        }
    }

    @Test func aRequestIsMailedToTheLeadersOfThePersonsTeamsAndTheDecisionToThePersonInTheirLanguage() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let asked = try await app.send(.post, "/v1/me/absences", token: petra, json: AbsenceTests.request("vacation", "2027-04-12", "2027-04-16"))
                .decode(AbsenceTests.Absence.self)
            let toDecide = try await app.sql(
                "SELECT a.email::text FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE n.kind = 'absence_requested' ORDER BY 1"
            ).compactMap { $0 }
            _ = try await app.send(.post, "/v1/absences/\(asked.id)/reject", token: lead, json: #"{"reason":"Release"}"#)
            let morning = try await app.send(
                .post, "/v1/me/absences", token: petra, json: AbsenceTests.request("vacation", "2027-04-19", "2027-04-19", part: "morning")
            ).decode(AbsenceTests.Absence.self)
            _ = try await app.send(.post, "/v1/absences/\(morning.id)/approve", token: lead)
            try await app.withWorker { _ = await $0.tick() }
            let mails = try await sink.waitForMessages(4)
            let subjects = mails.map { "\($0.header("X-Envelope-To") ?? "") \($0.subject)" }.sorted()

            // Mobile is led by Tomáš Černý alone; the demo's people read Czech.
            #expect(toDecide == ["lead.mobile@staffbook.example"])
            #expect(
                subjects == [
                    "lead.mobile@staffbook.example Žádost o volno: Petra Svobodová, 2027-04-12 – 2027-04-16",
                    "lead.mobile@staffbook.example Žádost o volno: Petra Svobodová, 2027-04-19 (dopoledne)",
                    "petra.svobodova@staffbook.example Vaše volno na 2027-04-12 – 2027-04-16: zamítnuto",
                    "petra.svobodova@staffbook.example Vaše volno na 2027-04-19 (dopoledne): schváleno",
                ])
            let rejected = try #require(mails.first { $0.subject.hasSuffix("zamítnuto") })
            #expect(rejected.body("text/plain").contains("vaše volno (Dovolená) na 2027-04-12 – 2027-04-16 bylo zamítnuto. Důvod: Release"), "\(rejected.body("text/plain"))")
            let sickNotices = try await app.sql("SELECT count(*)::text FROM notifications WHERE kind = 'absence_requested'")
            _ = try await app.send(.post, "/v1/me/absences", token: petra, json: AbsenceTests.request("sick", "2026-11-05", "2026-11-05"))

            #expect(try await app.sql("SELECT count(*)::text FROM notifications WHERE kind = 'absence_requested'") == sickNotices,
                    "sick leave needs no decision: nobody is asked")
        }
    }
}
