import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// The month-end with the clock walking through it: statements on the 1st, reminders on the
/// reminder days to exactly the people missing an invoice, the digest on the last one. Mail goes
/// to a real SMTP server, the company chat to a real HTTP receiver.
@Suite("Month-end")
struct MonthEndTests {
    static let novemberMissing = """
        SELECT email::text FROM accounts a WHERE is_active
          AND EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type = 'ICO'
                      AND c.valid_from <= '2026-11-30' AND (c.valid_to IS NULL OR c.valid_to >= '2026-11-01'))
          AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period = '2026-11-01')
        ORDER BY 1
        """

    static func recipients(_ mails: [ReceivedMail]) -> [String] {
        mails.compactMap { $0.header("X-Envelope-To") }.sorted()
    }

    /// The invoice reminders among the mail (timesheet reminders go out on the same days).
    static func invoiceReminders(_ mails: [ReceivedMail]) -> [ReceivedMail] {
        mails.filter { $0.subject.hasPrefix("Připomínka: faktura") }
    }

    /// People reminded of their timesheet and leaders of months to approve, on the same days.
    static let timesheetMail = "SELECT count(*)::text FROM notifications WHERE kind IN ('timesheet_reminder', 'timesheet_approval_reminder')"

    @Test func theMonthEndRunsItselfStatementsOnTheFirstRemindersOnTheirDaysAndTheDigestOnTheLast() async throws {
        let sink = try MailSink()
        let chat = try await WebhookReceiver()
        try await TestApp.test(configure: { config in
            config.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none)
            config.monthEnd.companyChatWebhook = chat.url + "/company"
        }) { app in
            try await app.seedDemo()
            let missing = try await app.sql(Self.novemberMissing).compactMap { $0 }
            try await app.withWorker { worker in
                var seen = 0
                func newMail() -> [ReceivedMail] {
                    let all = sink.messages()
                    defer { seen = all.count }
                    return Array(all.dropFirst(seen))
                }

                app.clock.set("2026-11-30", 23, 0)
                await worker.tick()
                #expect(newMail().isEmpty, "nothing is due on the 30th")

                app.clock.set("2026-12-01", 6, 0)
                await worker.tick()
                let statements = try await app.sql(
                    "SELECT a.email::text FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.period = '2026-11-01' AND i.kind = 'statement' ORDER BY 1"
                ).compactMap { $0 }
                let first = try await sink.waitForMessages(statements.count)
                let statementMail = Array(first.suffix(statements.count))
                #expect(!statements.isEmpty)
                #expect(Self.recipients(statementMail) == statements)
                #expect(statementMail.allSatisfy { $0.subject == "Výkaz za listopad 2026 je připraven" })
                print("MONTH-END 2026-12-01 06:00: \(statements.count) statements for 2026-11, \(statementMail.count) e-mails")
                _ = newMail()

                app.clock.set("2026-12-03", 9, 0)
                await worker.tick()
                let thirdAll = newMail()
                let third = Self.invoiceReminders(thirdAll)
                let timesheetThird = thirdAll.filter { $0.subject.hasPrefix("Docházka za listopad 2026") }
                #expect(Self.recipients(third) == missing)
                #expect(!timesheetThird.isEmpty && Set(Self.recipients(timesheetThird)).count == timesheetThird.count, "each tracker once")
                #expect(third.allSatisfy { $0.subject == "Připomínka: faktura za listopad 2026" })
                #expect(third.first?.body("text/plain").contains("(Připomínka 1 z 4.)") == true)
                #expect(third.first?.body("text/html").contains("<p>") == true)
                print("MONTH-END 2026-12-03 09:00: reminder 1 of 4 to \(third.count) people: \(Self.recipients(third).joined(separator: ", "))")

                app.clock.set("2026-12-04", 10, 0)
                let jan = try await app.token("jan.novak@staffbook.example")
                #expect(try await app.upload("2026-11", token: jan).status == .created)
                await worker.tick()
                #expect(newMail().isEmpty, "the 4th is not a reminder day")

                app.clock.set("2026-12-06", 9, 0)
                await worker.tick()
                let sixth = Self.invoiceReminders(newMail())
                #expect(Self.recipients(sixth) == missing.filter { $0 != "jan.novak@staffbook.example" })
                print("MONTH-END 2026-12-06 09:00: reminder 2 of 4 to \(sixth.count) people (Jan Novák uploaded on the 4th: none to him)")

                app.clock.set("2026-12-09", 9, 0)
                await worker.tick()
                #expect(Self.recipients(Self.invoiceReminders(newMail())) == missing.filter { $0 != "jan.novak@staffbook.example" })

                app.clock.set("2026-12-12", 9, 0)
                await worker.tick()
                let last = newMail()
                let digests = last.filter { $0.subject.hasPrefix("Chybějící faktury za listopad 2026") }
                let reminders = Self.invoiceReminders(last)
                #expect(Self.recipients(reminders) == missing.filter { $0 != "jan.novak@staffbook.example" })
                #expect(Self.recipients(digests) == ["admin@staffbook.example", "lead.web@staffbook.example"])
                let digest = digests.first?.body("text/plain") ?? ""
                #expect(digest.contains("Mobile:") && digest.contains("minulý měsíc"))
                #expect(!digest.contains("nil"))
                let trackers = try await app.sql(
                    "SELECT count(DISTINCT account_id)::text FROM time_entries WHERE started_at >= '2026-10-31T23:00:00Z' AND started_at < '2026-11-30T23:00:00Z'")
                #expect(
                    digest.contains(
                        "Docházka s odpracovaným časem, kterou lidé zatím neodevzdali: \(trackers.first.flatMap { $0 } ?? "?"); odevzdaná a zatím neschválená: 0."),
                    "the digest counts timesheets")
                #expect(!digest.contains("Jan Novák"))
                #expect(
                    digest.contains("Odeslané faktury, jejichž kontroly neprošly nebo čekají na potvrzení: 1."),
                    "Jan's upload of the 4th has no issue date: it needs an admin")
                let posted = try await chat.waitForRequests(1)
                #expect(posted.map(\.path) == ["/company"])
                #expect(posted.first?.body.contains("Chybějící faktury za listopad 2026") == true)
                print("MONTH-END 2026-12-12 09:00: reminder 4 of 4 to \(reminders.count) people; digest to \(Self.recipients(digests)) and the company chat")
                print("MONTH-END digest:\n\(digest)")

                app.clock.set("2026-12-15", 9, 0)
                await worker.tick()
                #expect(newMail().isEmpty, "four reminders at most")
            }
        }
        try await chat.close()
    }

    @Test func twoWorkersOnOneOccurrenceRemindEachPersonOnce() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let missing = try await app.sql(Self.novemberMissing).compactMap { $0 }
            app.clock.set("2026-12-03", 9, 0)

            try await app.withWorker { first in
                try await app.withWorker { second in
                    async let a = first.tick()
                    async let b = second.tick()
                    _ = await (a, b)
                }
            }

            let timesheets = Int(try await app.sql(Self.timesheetMail).first.flatMap { $0 } ?? "") ?? 0
            let mails = try await sink.waitForMessages(missing.count + timesheets)
            #expect(Self.recipients(Self.invoiceReminders(mails)) == missing)
            #expect(mails.count == missing.count + timesheets, "each reminder once")
            #expect(try await app.sql("SELECT count(*)::text FROM jobs WHERE kind = 'reminders' AND unique_key = '2026-12-03'") == ["1"])
        }
    }

    @Test func aRunByHandRemindsTodayEvenOffScheduleAndNobodyTwiceADay() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            app.clock.set("2026-12-02", 14, 0)
            let admin = try await app.token("admin@staffbook.example")
            let missing = try await app.sql(Self.novemberMissing).compactMap { $0 }

            let first = try await app.send(.post, "/v1/jobs/reminders/run", token: admin)
            let again = try await app.send(.post, "/v1/jobs/reminders/run", token: admin)
            try await app.withWorker { _ = await $0.tick() }
            let worker = try await app.send(.post, "/v1/jobs/reminders/run", token: jan(app))
            let unknown = try await app.send(.post, "/v1/jobs/deliver_notification/run", token: admin)

            #expect(first.status == .accepted, "\(first.text)")
            #expect(first.text.contains(#""kind":"reminders""#) && first.text.contains(#""state":"pending""#))
            #expect(again.status == .accepted)
            // The tick also ran the 1st's statements (two days of catch-up): their mail is left aside here.
            let statements = try await app.sql("SELECT count(*)::text FROM invoices WHERE period = '2026-11-01' AND kind = 'statement'")
            let timesheets = Int(try await app.sql(Self.timesheetMail).first.flatMap { $0 } ?? "") ?? 0
            let mails = Self.invoiceReminders(
                try await sink.waitForMessages(missing.count + timesheets + (Int(statements.first?.flatMap { $0 } ?? "0") ?? 0)))
            #expect(Self.recipients(mails) == missing)
            #expect(mails.first?.body("text/plain").contains("Připomínka 1") == false)
            #expect(worker.status == .notFound)
            #expect(unknown.status == .badRequest || unknown.status == .notFound)
            let jobs = try await app.send(.get, "/v1/jobs?kind=reminders&state=done", token: admin)
            #expect(jobs.status == .ok)
            #expect(jobs.text.components(separatedBy: #""kind":"reminders""#).count - 1 >= 2)
        }
    }

    private func jan(_ app: TestContext) async throws -> String {
        try await app.token("jan.novak@staffbook.example")
    }

    @Test func theReminderScheduleIsAnAdminSettingWithBounds() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let defaults = try await app.send(.get, "/v1/settings/reminders", token: admin)
            let saved = try await app.send(.put, "/v1/settings/reminders", token: admin, json: #"{"first":5,"every":2,"max":3}"#)
            let read = try await app.send(.get, "/v1/settings/reminders", token: admin)
            let invalid = try await app.send(.put, "/v1/settings/reminders", token: admin, json: #"{"first":0,"every":2,"max":30}"#)
            let lead = try await app.send(.get, "/v1/settings/reminders", token: try await app.token("lead.mobile@staffbook.example"))

            #expect(defaults.text == #"{"every":3,"first":3,"max":4}"# || defaults.text.contains(#""first":3"#))
            #expect(saved.status == .ok)
            #expect(read.text.contains(#""first":5"#) && read.text.contains(#""every":2"#) && read.text.contains(#""max":3"#))
            #expect(invalid.status == .badRequest)
            #expect(lead.status == .notFound)
            #expect(ReminderSettings(first: 5, every: 2, max: 3).reminderDays(in: CalendarMonth(year: 2026, month: 12)).map(\.day) == [5, 7, 9])
        }
    }
}

@Suite("Month-end: remind now")
struct RemindNowTests {
    @Test func anAdminRemindsOnePersonMissingTheInvoiceNowAndASecondPressThatDaySendsNothing() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let worker = try await app.token("jan.novak@staffbook.example")
            let jan = try #require(try await app.sql("SELECT id::text FROM accounts WHERE email = 'jan.novak@staffbook.example'").first ?? nil)
            let uploaded = try #require(
                try await app.sql("SELECT account_id::text FROM invoices WHERE period = '2026-10-01' ORDER BY account_id LIMIT 1").first ?? nil)
            struct Reminder: Decodable, Equatable { var personId: String; var period: String; var remindedOn: String; var sent: Bool }
            let today = CalendarDay(app.clock.now()).iso

            let first = try await app.send(.post, "/v1/invoices/missing/\(jan)/reminders?period=2026-10", token: admin)
            let second = try await app.send(.post, "/v1/invoices/missing/\(jan)/reminders?period=2026-10", token: admin)
            let notMissing = try await app.send(.post, "/v1/invoices/missing/\(uploaded)/reminders?period=2026-10", token: admin)
            let future = try await app.send(.post, "/v1/invoices/missing/\(jan)/reminders?period=2027-01", token: admin)
            let badMonth = try await app.send(.post, "/v1/invoices/missing/\(jan)/reminders?period=2026-13", token: admin)
            let nobody = try await app.send(.post, "/v1/invoices/missing/\(UUID().uuidString)/reminders?period=2026-10", token: admin)
            let byWorker = try await app.send(.post, "/v1/invoices/missing/\(jan)/reminders?period=2026-10", token: worker)

            #expect(first.status == .accepted, "\(first.text)")
            #expect(try first.decode(Reminder.self) == Reminder(personId: jan, period: "2026-10", remindedOn: today, sent: true))
            #expect(try second.decode(Reminder.self).sent == false)
            let stored = try await app.sql(
                """
                SELECT n.kind || ' ' || n.state || ' ' || (n.payload->>'period') FROM notifications n
                WHERE n.account_id = '\(jan)' AND n.kind = 'invoice_reminder' AND n.state <> 'withdrawn'
                """)
            #expect(stored == ["invoice_reminder pending 2026-10"])
            #expect(try await app.sql("SELECT sent_on::text FROM invoice_reminders WHERE account_id = '\(jan)'") == [today])
            #expect(notMissing.status == .conflict)
            #expect(notMissing.problem?.type == "urn:staffbook:problem:invalid-transition")
            #expect(notMissing.problem?.detail.contains("not missing an invoice for 2026-10") == true)
            #expect(future.status == .unprocessableContent)
            #expect(badMonth.problem?.errors?.map(\.field) == ["query.period"])
            #expect(nobody.status == .notFound)
            #expect(byWorker.status == .notFound)
        }
    }
}
