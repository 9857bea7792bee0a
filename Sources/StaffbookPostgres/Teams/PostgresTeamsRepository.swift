import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresTeamsRepository: TeamsRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    private static let teamColumns = """
        t.id, t.name::text,
        coalesce((SELECT json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'leader', m.is_leader)
                                  ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id)::text
                  FROM team_members m JOIN accounts a ON a.id = m.account_id WHERE m.team_id = t.id), '[]')
        """

    package func list(ledBy leaderId: UUID?, page: PageRequest<SingleNamePosition>) async throws -> [Team] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT \(unescaped: Self.teamColumns) FROM teams t
                WHERE (\(leaderId)::uuid IS NULL OR EXISTS (
                          SELECT 1 FROM team_members l WHERE l.team_id = t.id AND l.account_id = \(leaderId) AND l.is_leader))
                  AND (\(after?.id)::uuid IS NULL OR (t.name::text COLLATE czech, t.id) > (\(after?.name)::text COLLATE czech, \(after?.id)::uuid))
                ORDER BY t.name::text COLLATE czech, t.id
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            )
            return try await Self.teams(rows)
        }
    }

    package func names(ledBy leaderId: UUID?, limit: Int) async throws -> [TeamRef] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT t.id, t.name::text FROM teams t
                WHERE \(leaderId)::uuid IS NULL OR EXISTS (
                          SELECT 1 FROM team_members l WHERE l.team_id = t.id AND l.account_id = \(leaderId) AND l.is_leader)
                ORDER BY t.name::text COLLATE czech, t.id
                LIMIT \(limit)
                """,
                logger: logger
            )
            var teams: [TeamRef] = []
            for try await (id, name) in rows.decode((UUID, String).self) { teams.append(TeamRef(id: id, name: name, leader: leaderId != nil)) }
            return teams
        }
    }

    package func find(id: UUID) async throws -> Team? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.find(id: id, on: connection, logger: logger)
        }
    }

    package func create(name: String, now: Date) async throws -> Team {
        let logger = self.logger
        do {
            return try await database.withConnection { connection in
                let rows = try await connection.query(
                    "INSERT INTO teams (name, created_at) VALUES (\(name), \(now)) RETURNING id", logger: logger
                )
                let id = try StoredValue.single(try await rows.collect(), column: "teams.id").decode(UUID.self)
                return Team(id: id, name: name, members: [])
            }
        } catch StoreError.unexpectedConstraint(name: "teams_name_key") {
            throw TeamsError.nameTaken
        }
    }

    package func rename(id: UUID, name: String) async throws -> Team? {
        let logger = self.logger
        do {
            return try await database.withConnection { connection in
                let rows = try await connection.query(
                    "UPDATE teams SET name = \(name) WHERE id = \(id) RETURNING id", logger: logger
                )
                guard try await rows.collect().count == 1 else { return nil }
                return try await Self.find(id: id, on: connection, logger: logger)
            }
        } catch StoreError.unexpectedConstraint(name: "teams_name_key") {
            throw TeamsError.nameTaken
        }
    }

    package func putMember(teamId: UUID, personId: UUID, leader: Bool, by: UUID, now: Date) async throws -> Team? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let counted = try await connection.query(
                """
                SELECT (SELECT count(*) FROM teams WHERE id = \(teamId)) + (SELECT count(*) FROM accounts WHERE id = \(personId))
                """,
                logger: logger
            ).collect()
            let found = try StoredValue.single(counted, column: "count").decode(Int.self)
            guard found == 2 else { return nil }
            try await connection.query(
                """
                INSERT INTO team_members (team_id, account_id, is_leader) VALUES (\(teamId), \(personId), \(leader))
                ON CONFLICT (team_id, account_id) DO UPDATE SET is_leader = excluded.is_leader
                """,
                logger: logger
            )
            try await AuditLog.record(
                on: connection, subject: personId, entity: "team_membership", entityId: teamId, action: "put", by: by, at: now,
                changes: ["leader": .init(from: nil, to: String(leader))], logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return try await Self.find(id: teamId, on: connection, logger: logger)
        }
    }

    package func removeMember(teamId: UUID, personId: UUID, by: UUID, now: Date) async throws -> Team? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                "DELETE FROM team_members WHERE team_id = \(teamId) AND account_id = \(personId) RETURNING is_leader",
                logger: logger
            )
            guard try await rows.collect().count == 1 else { return nil }
            try await AuditLog.record(
                on: connection, subject: personId, entity: "team_membership", entityId: teamId, action: "remove", by: by, at: now,
                logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return try await Self.find(id: teamId, on: connection, logger: logger)
        }
    }

    private static func find(id: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Team? {
        let rows = try await connection.query(
            "SELECT \(unescaped: teamColumns) FROM teams t WHERE t.id = \(id)", logger: logger
        )
        return try await teams(rows).first
    }

    private static func teams(_ rows: PostgresRowSequence) async throws -> [Team] {
        var teams: [Team] = []
        for try await (id, name, members) in rows.decode((UUID, String, String).self) {
            teams.append(Team(id: id, name: name, members: try JSONColumn.decode([Team.Member].self, from: members)))
        }
        return teams
    }
}
