import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Retention and erasure: what the law does not need kept goes when its time is up (or when the
/// person asks), what it needs stays and still sums the same.
@Suite("Personal data: retention and erasure")
struct RetentionTests {
    static func run(_ app: TestContext) async throws -> [ErasureLogEntry] {
        try await app.withDatabase { pool in
            try await RetentionService(
                repository: PostgresRetentionRepository(database: pool, logger: TestDatabase.logger), policy: RetentionPolicy()
            )
            .run(now: app.clock.now())
        }
    }

    /// What reports and the accounting sum over a person: must not change with an erasure.
    static func sums(_ app: TestContext, _ id: UUID) async throws -> [String?] {
        try await app.sql(
            """
            SELECT concat_ws('/', (SELECT count(*) FROM invoices WHERE account_id = '\(id)'),
                (SELECT sum(amount) FROM invoices WHERE account_id = '\(id)'),
                (SELECT count(*) FROM time_entries WHERE account_id = '\(id)'),
                (SELECT sum(extract(epoch FROM ended_at - started_at)) FROM time_entries WHERE account_id = '\(id)'),
                (SELECT sum(seconds) FROM time_rollup_months WHERE account_id = '\(id)'),
                (SELECT count(*) FROM absences WHERE account_id = '\(id)'),
                (SELECT count(*) FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = '\(id)'))
            """)
    }

    @Test func aPersonGoneThreeYearsIsErasedTheAccountingStaysAndSumsTheSameTwiceOverAndNoOneEmployedIsTouched() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = Demo.janNovak
            let petraBefore = try await app.sql(
                "SELECT concat_ws('/', email, phone, first_name, (SELECT count(*) FROM time_entries WHERE account_id = a.id AND description <> '')) FROM accounts a WHERE id = '\(Demo.petraSvobodova)'"
            )
            #expect(try await app.send(.post, "/v1/users/\(jan)/deactivate", token: admin).status == .ok)
            let before = try await Self.sums(app, jan)

            // Two years later he is not due yet.
            app.clock.advance(by: 2 * 365 * 86400)
            _ = try await Self.run(app)
            #expect(try await app.sql("SELECT (erased_at IS NULL)::text FROM accounts WHERE id = '\(jan)'") == ["true"])

            app.clock.advance(by: 366 * 86400 + 86400)
            let done = try await Self.run(app)
            let erasure = try #require(done.first { $0.rule == .personLeft })
            #expect(erasure.subjectId == jan && erasure.counts["profile"] == 1 && (erasure.counts["time_entry_texts"] ?? 0) > 0)
            let profile = try await app.sql(
                "SELECT concat_ws('/', first_name, last_name, email, coalesce(phone, '-'), coalesce(bank_account, '-'), (password_hash IS NULL)::text) FROM accounts WHERE id = '\(jan)'"
            )
            #expect(profile == ["J./N./erased-\(jan.lowercasedString)@erased.invalid/-/-/true"])
            #expect(
                try await app.sql("SELECT count(*)::text FROM time_entries WHERE account_id = '\(jan)' AND (description <> '' OR tags <> '{}')") == [
                    "0"
                ])
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE subject_id = '\(jan)' AND changed_by = '\(jan)'") == ["0"],
                "what he did about himself goes")
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE subject_id = '\(jan)' AND action = 'deactivate'") == ["1"],
                "the admin's deactivation of him stays in the history")
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE subject_id = '\(jan)' AND changes::text ~* 'jan|nov[aá]k|@'") == ["0"],
                "and names him no more")
            #expect(try await app.sql("SELECT count(*)::text FROM sessions WHERE account_id = '\(jan)'") == ["0"])
            #expect(try await Self.sums(app, jan) == before, "invoices, their files, hours and absences: the same counts and sums")
            #expect(
                try await app.sql("SELECT count(*)::text FROM erasures WHERE counts::text ~* 'jan|novak|@'") == ["0"], "the log names no one")
            #expect(
                try await app.sql(
                    "SELECT concat_ws('/', email, phone, first_name, (SELECT count(*) FROM time_entries WHERE account_id = a.id AND description <> '')) FROM accounts a WHERE id = '\(Demo.petraSvobodova)'"
                ) == petraBefore, "someone still employed is not touched")

            let logged = try await app.sql("SELECT count(*)::text FROM erasures")
            #expect(try await Self.run(app).isEmpty, "a second run finds nothing")
            #expect(try await app.sql("SELECT count(*)::text FROM erasures") == logged)

            // The erased account cannot come back, and its (anonymised) export still opens.
            let fresh = try await app.token("admin@staffbook.example")
            #expect(try await app.send(.post, "/v1/users/\(jan)/reactivate", token: fresh).status == .notFound)
            #expect(try await app.send(.get, "/v1/users/\(jan)/export", token: fresh).status == .ok)
            let log = try await app.send(.get, "/v1/erasures", token: fresh)
            #expect(log.status == .ok && log.text.contains("person_left") && !log.text.contains("Novák"))
        }
    }

    @Test func uploadedFilesGoWhenTheirAccountingPeriodEndsTheirDetailsAndSHA256Stay() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let files = try await app.sql("SELECT count(*)::text FROM invoice_files")
            let amounts = try await app.sql("SELECT sum(amount)::text FROM invoices")
            let newest = try #require(try await app.sql("SELECT max(period) FROM invoices").first ?? nil)
            // The year after the newest period's year plus ten has ended.
            let year = Int(newest.prefix(4)) ?? 2026
            app.clock.advance(by: app.clock.now().distance(to: Self.noon(year + 11, 1, 2)))
            let done = try await Self.run(app)
            #expect(done.first { $0.rule == .accountingPeriodEnded }?.counts["files"].map(String.init) == files.first ?? nil)
            #expect(try await app.sql("SELECT count(*)::text FROM invoice_files WHERE size = 0 AND purged_at IS NOT NULL") == files)
            #expect(try await app.sql("SELECT count(*)::text FROM invoice_files WHERE octet_length(sha256) = 32") == files)
            #expect(try await app.sql("SELECT sum(amount)::text FROM invoices") == amounts)
            #expect(try await app.sql("SELECT count(*)::text FROM invoices WHERE bank_account IS NOT NULL") == ["0"])
            #expect(try await app.sql("SELECT count(*)::text FROM invoice_files WHERE data IS NOT NULL") == ["0"])
        }
    }

    @Test func anAdminErasesAPersonWhoLeftOnTheirRequestAndTheyAreToldAtTheAddressTheyHad() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: { $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none) }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let petra = Demo.petraSvobodova
            let active = try await app.send(.post, "/v1/users/\(petra)/erasure", token: admin, json: #"{"reason":"person_request"}"#)
            #expect(active.status == .conflict && active.problem?.type == "urn:staffbook:problem:person-still-active")
            let free = try await app.send(.post, "/v1/users/\(petra)/erasure", token: admin, json: #"{"reason":"because"}"#)
            #expect(free.status == .badRequest, "the reason is one of a list, never free text")
            #expect(try await app.send(.post, "/v1/users/\(petra)/deactivate", token: admin).status == .ok)
            let erased = try await app.send(.post, "/v1/users/\(petra)/erasure", token: admin, json: #"{"reason":"person_request"}"#)
            #expect(erased.status == .ok && erased.text.contains("\"rule\":\"on_request\"") && erased.text.contains("\"reason\":\"person_request\""))
            #expect(try await app.sql("SELECT first_name || ' ' || last_name FROM accounts WHERE id = '\(petra)'") == ["P. S."])
            try await app.withWorker { worker in await worker.tick() }
            let mails = try await sink.waitForMessages(1)
            #expect(
                mails.contains {
                    $0.header("X-Envelope-To") == "petra.svobodova@staffbook.example" && $0.subject.contains("erased")
                        || $0.subject.contains("vymazány")
                })
            let again = try await app.send(.post, "/v1/users/\(petra)/erasure", token: admin, json: #"{"reason":"person_request"}"#)
            #expect(again.status == .ok && !again.text.contains("\"profile\":1"), "erasing again changes nothing: \(again.text)")
            #expect(try await app.send(.post, "/v1/users/\(UUID())/erasure", token: admin, json: #"{"reason":"person_request"}"#).status == .notFound)
        }
        sink.stop()
    }

    static func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
        Schedule.instant(CalendarDay(year: year, month: month, day: day), hour: 12, minute: 0) ?? Date()
    }

    @Test func thePolicyDecidesWhoIsDueAndWhichMonthsFilesMayGo() {
        let policy = RetentionPolicy()
        let left = Self.noon(2024, 2, 29)
        #expect(!policy.personDue(leftAt: nil, now: Date()), "never while employed")
        #expect(!policy.personDue(leftAt: left, now: Self.noon(2027, 2, 27)))
        #expect(policy.personDue(leftAt: left, now: Self.noon(2027, 2, 28)))
        #expect(policy.lastPurgeableMonth(now: Self.noon(2036, 1, 5)) == CalendarMonth(year: 2025, month: 12))
    }
}
