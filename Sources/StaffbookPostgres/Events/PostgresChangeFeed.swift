import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The changes feed over `events`. Rows are written in `seq` order per resource, but a later
/// `seq` may commit before an earlier one; so before reading, committed rows without a position
/// get the next positions in `seq` order, by one placer at a time (a transaction-scoped advisory
/// lock). A reader sees positions only from placers that committed, all of them, so nothing can
/// appear behind a cursor it was given.
package struct PostgresChangeFeed: ChangeFeedRepository {
    package let database: DatabasePool
    package let logger: Logger

    /// The advisory lock of the placer: any constant of our own.
    static let placerLock: Int64 = 0x5374_6166_6645_7673

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// Gives positions to every committed event that has none; returns how many.
    @discardableResult
    package static func place(on connection: PostgresConnection, logger: Logger) async throws -> Int {
        try await connection.query("SELECT pg_advisory_xact_lock(\(placerLock))", logger: logger).collect()
        let rows = try await connection.query(
            """
            WITH base AS (SELECT coalesce(max(position), (SELECT forgotten_through FROM event_history)) AS last FROM events),
                 todo AS (SELECT seq, row_number() OVER (ORDER BY seq) AS n FROM events WHERE position IS NULL)
            UPDATE events e SET position = base.last + todo.n FROM todo, base WHERE e.seq = todo.seq
            RETURNING e.seq
            """,
            logger: logger
        ).collect()
        return rows.count
    }

    package func changes(_ request: ChangeRequest, after cursor: ChangeCursor?, limit: Int) async throws -> ChangeRead {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let unplaced =
                try await connection.query("SELECT EXISTS (SELECT 1 FROM events WHERE position IS NULL)", logger: logger)
                .collect().first?.decode(Bool.self) ?? false
            if unplaced { try await Self.place(on: connection, logger: logger) }
            let horizon = try await connection.query(
                """
                SELECT h.forgotten_through, coalesce((SELECT max(position) FROM events), h.forgotten_through) FROM event_history h
                """,
                logger: logger
            ).collect()
            let (forgotten, latest) = try StoredValue.single(horizon, column: "event_history").decode((Int64, Int64).self)
            guard let cursor else { return .page(changes: [], next: ChangeCursor(position: latest), more: false) }
            // A cursor from before the kept history, or from another database: start over.
            guard cursor.position >= forgotten, cursor.position <= latest else { return .expired }
            let (person, team): (UUID?, UUID?) =
                switch request.scope {
                case .person(let id): (id, nil)
                case .team(let id): (nil, id)
                }
            let resources = EventResource.inFeeds.filter(request.resources.contains).map(\.rawValue)
            let rows = try await connection.query(
                """
                SELECT e.position, e.id, e.type, e.resource, e.subject, e.deleted,
                       CASE WHEN \(team)::uuid IS NOT NULL AND e.resource = 'absence'
                                 AND EXISTS (SELECT 1 FROM absence_kinds k WHERE k.code = e.data->>'kind' AND k.private)
                            THEN (e.data || '{"kind": "away"}')::text ELSE e.data::text END,
                       e.occurred_at
                FROM events e
                WHERE e.position > \(cursor.position) AND e.position <= \(latest) AND e.resource = ANY (\(resources))
                  AND (\(person)::uuid IS NULL OR e.person_id = \(person))
                  AND (\(team)::uuid IS NULL OR e.person_id IN (SELECT account_id FROM team_members WHERE team_id = \(team)))
                ORDER BY e.position
                LIMIT \(limit + 1)
                """,
                logger: logger
            ).collect()
            var changes: [Change] = []
            for row in rows.prefix(limit) {
                let (position, id, type, resource, subject, deleted, data, occurredAt) = try row.decode(
                    (Int64, UUID, String, String, String, Bool, String, Date).self)
                changes.append(
                    Change(
                        position: position, eventId: id, type: try StoredValue.enumeration(type, column: "events.type"),
                        resource: try StoredValue.enumeration(resource, column: "events.resource"), subject: subject, deleted: deleted,
                        data: data, occurredAt: occurredAt))
            }
            let more = rows.count > limit
            // The whole feed up to `latest` was read when nothing more is waiting: the next read
            // starts there even when the last of those changes was someone else's.
            let next = more ? ChangeCursor(position: changes.last?.position ?? cursor.position) : ChangeCursor(position: latest)
            return .page(changes: changes, next: next, more: more)
        }
    }

    package func prune(before: Date) async throws -> Int {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.place(on: connection, logger: logger)
            // By position, so what is kept is always a whole tail of the feed.
            let rows = try await connection.query(
                """
                DELETE FROM events
                WHERE position <= (SELECT max(position) FROM events WHERE occurred_at < \(before) AND position IS NOT NULL)
                RETURNING position
                """,
                logger: logger
            ).collect()
            let highest = try rows.map { try $0.decode(Int64.self) }.max()
            if let highest {
                try await connection.query(
                    "UPDATE event_history SET forgotten_through = greatest(forgotten_through, \(highest))", logger: logger)
            }
            return rows.count
        }
    }
}
