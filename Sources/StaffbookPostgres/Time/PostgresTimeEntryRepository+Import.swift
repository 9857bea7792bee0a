import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// What an import reads and writes: a few set-based statements for a whole file.
extension PostgresTimeEntryRepository {
    package func importContext(
        personId: UUID, start: Date, end: Date
    ) async throws -> (recorded: [RecordedSpan], settledMonths: Set<CalendarMonth>) {
        let logger = self.logger
        let from = start.addingTimeInterval(-TimeRules.maximumEntry)
        let months = Self.months(from: start, to: end)
        return try await database.withConnection { connection in
            var recorded: [RecordedSpan] = []
            let rows = try await connection.query(
                """
                SELECT id, project_id, started_at, ended_at FROM time_entries
                WHERE account_id = \(personId) AND started_at < \(end) AND (started_at >= \(from) OR ended_at IS NULL)
                """,
                logger: logger
            )
            for try await (id, projectId, start, end) in rows.decode((UUID, UUID, Date, Date?).self) {
                recorded.append(RecordedSpan(id: id, projectId: projectId, start: start, end: end))
            }
            let settled = try await Self.settledMonths(personId: personId, among: Set(months), on: connection, logger: logger)
            return (recorded, settled)
        }
    }

    package func writeImport(personId: UUID, entries: [ImportedEntry], now: Date) async throws {
        let logger = self.logger
        let starts = entries.map(\.start), ends = entries.map(\.end)
        let months = Self.months(from: starts.min() ?? now, to: ends.max() ?? now)
        try await database.withTransaction { connection in
            // A file is written whole or not at all, within a bound: a slow disk or a lock held
            // elsewhere must not keep a pooled connection for minutes.
            _ = try await connection.query("SET LOCAL statement_timeout = '15s'", logger: logger).collect()
            try await Self.lockPerson(personId, on: connection, logger: logger)
            try await Self.checkLocks(
                personId: personId, instants: months.map { TimeRules.midnight($0.firstDay) }, actor: TimeActor(callerId: personId, isAdmin: false),
                on: connection, logger: logger
            )
            let missing = entries.filter { $0.projectId == nil }
            var created: [String: UUID] = [:]
            if !missing.isEmpty {
                let clients = missing.map(\.clientName), projects = missing.map(\.projectName)
                _ = try await connection.query(
                    """
                    INSERT INTO clients (name, created_at, updated_at)
                    SELECT DISTINCT ON (name_key(c)) c, \(now)::timestamptz, \(now)::timestamptz FROM unnest(\(clients)::text[]) AS c
                    ON CONFLICT (name_key) DO NOTHING
                    """,
                    logger: logger
                ).collect()
                _ = try await connection.query(
                    """
                    INSERT INTO projects (client_id, name, created_at, updated_at)
                    SELECT DISTINCT ON (c.id, name_key(n.p)) c.id, n.p, \(now)::timestamptz, \(now)::timestamptz
                    FROM unnest(\(clients)::text[], \(projects)::text[]) AS n (c, p) JOIN clients c ON c.name_key = name_key(n.c)
                    ON CONFLICT (client_id, name_key) DO NOTHING
                    """,
                    logger: logger
                ).collect()
                let found = try await connection.query(
                    """
                    SELECT n.c, n.p, p.id FROM unnest(\(clients)::text[], \(projects)::text[]) AS n (c, p)
                    JOIN clients c ON c.name_key = name_key(n.c) JOIN projects p ON p.client_id = c.id AND p.name_key = name_key(n.p)
                    """,
                    logger: logger
                )
                for try await (client, project, id) in found.decode((String, String, UUID).self) {
                    created[client + "\u{0}" + project] = id
                }
            }
            var projectIds: [UUID] = []
            for entry in entries {
                guard let id = entry.projectId ?? created[entry.clientName + "\u{0}" + entry.projectName] else {
                    throw StoreError.malformedRow(column: "projects.id")
                }
                projectIds.append(id)
            }
            // Tags are a list per entry: sent as one JSON array each, since unnest flattens
            // arrays of arrays.
            let tags = try entries.map { String(decoding: try JSONEncoder().encode($0.tags), as: UTF8.self) }
            let billable = entries.map { $0.billable.map { $0 ? "true" : "false" } ?? "" }
            do {
                _ = try await connection.query(
                    """
                    INSERT INTO time_entries (account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
                    SELECT \(personId), e.project, e.description, e.started, e.ended,
                           ARRAY(SELECT jsonb_array_elements_text(e.tags::jsonb)), coalesce(nullif(e.billable, '')::boolean, p.billable), \(now), \(now)
                    FROM unnest(\(projectIds)::uuid[], \(entries.map(\.description))::text[], \(starts)::timestamptz[],
                                \(ends)::timestamptz[], \(tags)::text[], \(billable)::text[])
                         AS e (project, description, started, ended, tags, billable)
                    JOIN projects p ON p.id = e.project
                    """,
                    logger: logger
                ).collect()
            } catch let error as PSQLError where error.constraintName == "time_entries_no_overlap" {
                throw TimeError.overlap(entryId: nil, start: nil, end: nil)
            }
        }
    }

    /// The months from the one `start` falls in to the one `end` falls in, in Prague.
    static func months(from start: Date, to end: Date) -> [CalendarMonth] {
        var month = TimeRules.day(of: start).calendarMonth
        let last = TimeRules.day(of: end).calendarMonth
        var months: [CalendarMonth] = []
        while month <= last, months.count < 2400 {
            months.append(month)
            month = month.adding(months: 1)
        }
        return months
    }
}
