import Foundation
import Testing

@testable import StaffbookHTTP
@testable import StaffbookJobs

@Suite("The job worker running several jobs at once")
struct JobWorkerConcurrencyTests {
    @Test func fourLanesLeaveNoQueuedInvoiceCheckUndoneAndRunNoneTwice() async throws {
        try await TestApp.test(configure: { $0.monthEnd.concurrency = 4 }) { app in
            try await app.seedDemo()
            // One job per uploaded person-month, as a month-end's changes queue them.
            _ = try await app.sql(
                """
                INSERT INTO jobs (kind, unique_key, payload, run_at, max_attempts, created_at)
                SELECT 'invoice_checks', account_id::text || ':' || to_char(period, 'YYYY-MM'),
                       jsonb_build_object('person', account_id::text, 'month', to_char(period, 'YYYY-MM')), 'epoch', 10, now()
                FROM invoices WHERE kind = 'uploaded'
                ON CONFLICT DO NOTHING
                """)
            let count = try await app.sql("SELECT count(*)::text FROM jobs WHERE kind = 'invoice_checks'").first ?? nil
            let queued = Int(count ?? "") ?? 0
            #expect(queued > 4, "more jobs than lanes")

            let people =
                Int(try await app.sql("SELECT count(DISTINCT account_id)::text FROM invoices WHERE kind = 'uploaded'").first.flatMap { $0 } ?? "")
                ?? 0

            let ran = try await app.withWorker { await $0.tick() }

            let states = try await app.sql(
                "SELECT state || ':' || attempts FROM jobs WHERE kind = 'invoice_checks' GROUP BY 1 ORDER BY 1")
            #expect(states == ["done:0", "done:1"], "each job done, run once or taken by another: no lane ran another's")
            // A person's checks run as one (from their earliest month): at least a run per
            // person, fewer than the jobs; the rest were taken by their person's run.
            let runs =
                Int(try await app.sql("SELECT count(*)::text FROM jobs WHERE kind = 'invoice_checks' AND attempts = 1").first.flatMap { $0 } ?? "")
                ?? 0
            #expect(runs >= people && runs < queued && ran >= runs, "\(runs) runs for \(people) people, \(queued) jobs")
        }
    }
}
