import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresCalendarFeedRepository: CalendarFeedRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    private static func feed(_ row: PostgresRow) throws -> CalendarFeed {
        let (id, owner, team, created) = try row.decode((UUID, UUID, UUID?, Date).self)
        return CalendarFeed(id: id, ownerId: owner, teamId: team, createdAt: created)
    }

    package func create(ownerId: UUID, teamId: UUID?, now: Date) async throws -> CalendarFeed {
        let logger = self.logger
        return try await database.withTransaction { connection in
            // Counted under the owner's row: two at once cannot both be the last one allowed.
            try await connection.query("SELECT 1 FROM accounts WHERE id = \(ownerId) FOR UPDATE", logger: logger)
            let live =
                try await connection.query(
                    "SELECT count(*) FROM calendar_feeds WHERE account_id = \(ownerId) AND revoked_at IS NULL", logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            guard live < CalendarFeed.maximumLive else { throw CalendarFeedError.tooMany(limit: CalendarFeed.maximumLive) }
            let rows = try await connection.query(
                """
                INSERT INTO calendar_feeds (account_id, team_id, created_at) VALUES (\(ownerId), \(teamId), \(now))
                RETURNING id, account_id, team_id, created_at
                """,
                logger: logger
            ).collect()
            guard let feed = try rows.first.map(Self.feed) else { throw StoreError.malformedRow(column: "calendar_feeds.id") }
            try await AuditLog.record(
                on: connection, subject: ownerId, entity: "calendar_feed", entityId: feed.id, action: "create", by: ownerId, at: now,
                changes: ["team": .init(from: nil, to: teamId?.uuidString.lowercased())], logger: logger
            )
            return feed
        }
    }

    package func feeds(ownerId: UUID) async throws -> [CalendarFeed] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT id, account_id, team_id, created_at FROM calendar_feeds
                WHERE account_id = \(ownerId) AND revoked_at IS NULL ORDER BY created_at DESC, id LIMIT 100
                """,
                logger: logger
            ).collect().map(Self.feed)
        }
    }

    package func revoke(id: UUID, ownerId: UUID, now: Date) async throws -> Bool {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                "UPDATE calendar_feeds SET revoked_at = \(now) WHERE id = \(id) AND account_id = \(ownerId) AND revoked_at IS NULL RETURNING id",
                logger: logger
            ).collect()
            guard !rows.isEmpty else { return false }
            try await AuditLog.record(
                on: connection, subject: ownerId, entity: "calendar_feed", entityId: id, action: "revoke", by: ownerId, at: now, logger: logger)
            return true
        }
    }

    package func content(id: UUID, from: CalendarDay) async throws -> CalendarFeedContent? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT f.id, f.account_id, f.team_id, f.created_at, a.roles, a.language,
                       coalesce(t.name, a.first_name || ' ' || a.last_name),
                       EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = f.team_id AND m.account_id = f.account_id AND m.is_leader)
                FROM calendar_feeds f JOIN accounts a ON a.id = f.account_id AND a.is_active
                LEFT JOIN teams t ON t.id = f.team_id
                WHERE f.id = \(id) AND f.revoked_at IS NULL
                """,
                logger: logger
            ).collect()
            guard let row = rows.first else { return nil }
            let feed = try Self.feed(row)
            let r = row.makeRandomAccess()
            let roles = Role.from(stored: try r[4].decode([String].self))
            let language = Language(rawValue: try r[5].decode(String.self)) ?? .cs
            let (title, leads) = (try r[6].decode(String.self), try r[7].decode(Bool.self))
            var kinds: [String: LocalizedText] = [:]
            var privateKinds: Set<String> = []
            for try await (code, cs, en, isPrivate) in try await connection.query(
                "SELECT code, name_cs, name_en, private FROM absence_kinds", logger: logger
            ).decode((String, String, String, Bool).self) {
                kinds[code] = LocalizedText(en: en, cs: cs)
                if isPrivate { privateKinds.insert(code) }
            }
            let absences = try await PostgresAbsenceRepository.calendar(
                teamId: feed.teamId, personId: feed.teamId == nil ? feed.ownerId : nil, from: from, to: nil, on: connection, logger: logger)
            var content = CalendarFeedContent(
                feed: feed, ownerRoles: roles, ownerLanguage: language, ownerLeadsTeam: leads, title: title, absences: absences, kinds: kinds)
            content.privateKinds = privateKinds
            return content
        }
    }
}
