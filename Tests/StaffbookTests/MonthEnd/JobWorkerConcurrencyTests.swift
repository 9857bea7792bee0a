import Foundation
import Testing

@testable import StaffbookHTTP
@testable import StaffbookJobs

@Suite("The job worker running several jobs at once")
struct JobWorkerConcurrencyTests {
    @Test func fourLanesRunEveryQueuedInvoiceCheckExactlyOnce() async throws {
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

            let ran = try await app.withWorker { await $0.tick() }

            #expect(ran >= queued)
            let states = try await app.sql(
                "SELECT state || ':' || attempts FROM jobs WHERE kind = 'invoice_checks' GROUP BY 1 ORDER BY 1")
            #expect(states == ["done:1"], "each job done, each on its first attempt: no lane ran another's")
        }
    }
}
