import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// Reports read through `DATABASE_READ_URL`. A real streaming replica (lag, a paused replay, a
/// replica stopped under load) is `make verify`'s `replica` step; here the read pool points at
/// the test database itself, or at a port nothing listens on.
@Suite("Reports read from a replica")
struct ReadReplicaTests {
    static let month = "from=2026-11-01&to=2026-11-30"

    @Test func aReportReadThroughTheReadPoolGivesThePrimarysFiguresAndKeepsTheMonthsCapacityOnThePrimary() async throws {
        try await TestApp.test(configure: { $0.databaseRead = $0.database }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let kept = "SELECT count(*)::text FROM capacity_months_filled"
            #expect(try await app.sql(kept).first == "0")

            let first = try await app.send(.get, "/v1/reports/time?\(Self.month)&groupBy=person", token: admin)
            #expect(first.status == .ok, "\(first.text)")
            // The read side never writes: the primary kept the month for the next report, and
            // this one computed it.
            #expect(try await app.sql(kept).first != "0")
            let second = try await app.send(.get, "/v1/reports/time?\(Self.month)&groupBy=person", token: admin)
            #expect(second.text == first.text, "computed and kept capacity give the same report")

            let report = try first.decode(TimeAPI.Summary.self)
            let jan = try #require(report.items.first { $0.key == Demo.janNovak.uuidString.lowercased() })
            #expect(jan.hours == "75.00" && jan.capacityHours == "160.00", "20 working days of 8 hours")
            #expect(!first.text.contains("freshness"), "a current replica's answer says nothing of freshness")
            let metrics = try await app.execute("/metrics")
            #expect(metrics.text.contains("staffbook_db_replica_lag_seconds 0"), "a database that is not a replica lags by nothing")
        }
    }

    @Test(arguments: [true, false])
    func aReportIsAnsweredWhenThePrimaryCannotKeepTheMonthsCapacityAndTheReplicaIsNotBlamed(replica: Bool) async throws {
        let sink = JSONLogSink()
        try await TestApp.test(configure: { if replica { $0.databaseRead = $0.database } }, logSink: sink) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            // Keeping the month fails on the primary: a write the store refuses.
            _ = try await app.sql("CREATE FUNCTION refuse_keeping() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$")
            _ = try await app.sql(
                "CREATE TRIGGER refuse_keeping BEFORE INSERT ON capacity_months_filled FOR EACH ROW EXECUTE FUNCTION refuse_keeping()")

            let report = try await app.send(.get, "/v1/reports/time?\(Self.month)&groupBy=person", token: admin)

            #expect(report.status == .ok, "\(report.text)")
            #expect(try await app.sql("SELECT count(*)::text FROM capacity_months_filled").first == "0", "nothing was kept")
            let jan = try #require(try report.decode(TimeAPI.Summary.self).items.first { $0.key == Demo.janNovak.uuidString.lowercased() })
            #expect(jan.hours == "75.00" && jan.capacityHours == "160.00", "computed in the statement")
            // The app's own log (the metrics registry is the process's, shared with other tests).
            #expect(sink.lines.contains { $0.contains("the month's capacity could not be kept") })
            #expect(!sink.lines.contains { $0.contains("the read replica is unavailable") }, "the replica answered; it was not set aside")
        }
    }

    @Test func whenTheReplicaCannotBeReachedReportsAreAnsweredByThePrimary() async throws {
        try await TestApp.test(configure: { config in
            var down = config.database
            // A port nothing listens on: connecting is refused at once.
            down.port = 9
            down.connectTimeout = .milliseconds(300)
            config.databaseRead = down
        }) { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")

            let response = try await app.send(.get, "/v1/reports/time?\(Self.month)&groupBy=project", token: admin)

            #expect(response.status == .ok, "\(response.text)")
            let report = try response.decode(TimeAPI.Summary.self)
            #expect(report.items.first { $0.key == Demo.mobileBanking.uuidString.lowercased() }?.billableAmount == "97875.00")
            let metrics = try await app.execute("/metrics")
            #expect(metrics.text.contains("staffbook_db_replica_fallbacks_total"))
            // Left alone for a while: the next report does not wait for the replica again.
            let started = ContinuousClock.now
            #expect(try await app.send(.get, "/v1/reports/time?\(Self.month)&groupBy=client", token: admin).status == .ok)
            #expect(ContinuousClock.now - started < .milliseconds(300) * 3)
        }
    }

    @Test func aLaggingReplicasReportSaysUpToWhenItIsAndByHowManySeconds() throws {
        let asOf = Date(timeIntervalSince1970: 1_793_000_000)
        let report = TimeReport(
            range: DayRange(month: CalendarMonth(year: 2026, month: 11)), rows: [],
            capacityHours: nil, freshness: ReadFreshness(lagSeconds: 47.6, asOf: asOf))

        let schema = TimeSchemas.report(report, groupBy: .project)

        #expect(schema.freshness?.lagSeconds == 48)
        #expect(schema.freshness?.asOf == asOf)
        #expect(TimeSchemas.freshness(ReadFreshness(lagSeconds: .infinity, asOf: asOf)).lagSeconds == 1_000_000_000, "clamped, not trapped")
        #expect(TimeSchemas.freshness(ReadFreshness(lagSeconds: -3, asOf: asOf)).lagSeconds == 0)
    }
}
