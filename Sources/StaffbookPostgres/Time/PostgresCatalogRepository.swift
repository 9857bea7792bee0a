import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresCatalogRepository: CatalogRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    static let clientColumns = "c.id, c.name, c.billing_address, c.active, c.version"

    static func client(_ row: PostgresRow) throws -> Client {
        let (id, name, address, active, version) = try row.decode((UUID, String, String?, Bool, Int).self)
        return Client(id: id, name: name, billingAddress: address, active: active, version: version)
    }

    package func clients(includeInactive: Bool, page: PageRequest<SingleNamePosition>) async throws -> [Client] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.clientColumns) FROM clients c
                WHERE (\(includeInactive) OR c.active)
                  AND (\(after?.id)::uuid IS NULL OR (c.name COLLATE czech, c.id) > (\(after?.name)::text COLLATE czech, \(after?.id)::uuid))
                ORDER BY c.name COLLATE czech, c.id
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect().map(Self.client)
        }
    }

    package func client(id: UUID) async throws -> Client? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT \(unescaped: Self.clientColumns) FROM clients c WHERE c.id = \(id)", logger: logger)
                .collect().first.map(Self.client)
        }
    }

    package func createClient(name: String, billingAddress: String?, now: Date) async throws -> Client {
        let logger = self.logger
        return try await database.withConnection { connection in
            do {
                let rows = try await connection.query(
                    """
                    INSERT INTO clients AS c (name, billing_address, created_at, updated_at)
                    VALUES (\(name), \(billingAddress), \(now), \(now))
                    RETURNING \(unescaped: Self.clientColumns)
                    """,
                    logger: logger
                ).collect()
                return try Self.client(try StoredValue.single(rows, column: "clients.id"))
            } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "clients_one_per_name" {
                throw TimeError.clientNameTaken
            }
        }
    }

    package func updateClient(id: UUID, condition: VersionCondition, fields: ClientFields, now: Date) async throws -> Versioned<Client> {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard
                let version = try await connection.query("SELECT version FROM clients WHERE id = \(id) FOR UPDATE", logger: logger)
                    .collect().first.map({ try $0.decode(Int.self) })
            else { return .notFound }
            guard condition.matches(version) else { return .stale }
            do {
                let rows = try await connection.query(
                    """
                    UPDATE clients c SET name = coalesce(\(fields.name), c.name),
                        billing_address = CASE WHEN \(fields.billingAddress)::text IS NULL THEN c.billing_address
                                               ELSE nullif(\(fields.billingAddress), '') END,
                        active = coalesce(\(fields.active), c.active), version = c.version + 1, updated_at = \(now)
                    WHERE c.id = \(id)
                    RETURNING \(unescaped: Self.clientColumns)
                    """,
                    logger: logger
                ).collect()
                return .written(try Self.client(try StoredValue.single(rows, column: "clients.id")))
            } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "clients_one_per_name" {
                throw TimeError.clientNameTaken
            }
        }
    }

    static let projectColumns = """
        p.id, p.client_id, c.name, p.name, p.billable, p.hourly_price::text, p.active, p.version,
        ARRAY(SELECT pt.team_id FROM project_teams pt WHERE pt.project_id = p.id ORDER BY pt.team_id)
        """

    static func project(_ row: PostgresRow) throws -> Project {
        try project(row.makeRandomAccess(), from: 0)
    }

    /// A project from `projectColumns`, starting at column `first`.
    static func project(_ row: PostgresRandomAccessRow, from first: Int) throws -> Project {
        let (id, clientId, clientName, name) = (
            try row[first].decode(UUID.self), try row[first + 1].decode(UUID.self), try row[first + 2].decode(String.self),
            try row[first + 3].decode(String.self)
        )
        let (billable, price, active, version, teams) = (
            try row[first + 4].decode(Bool.self), try row[first + 5].decode(String?.self), try row[first + 6].decode(Bool.self),
            try row[first + 7].decode(Int.self), try row[first + 8].decode([UUID].self)
        )
        return Project(
            id: id, clientId: clientId, clientName: clientName, name: name, billable: billable,
            hourlyPrice: try StoredValue.optionalDecimal(price, column: "projects.hourly_price"), active: active, teamIds: teams,
            version: version
        )
    }

    package func projects(filter: ProjectFilter, page: PageRequest<SingleNamePosition>) async throws -> [Project] {
        let logger = self.logger
        let after = page.after
        let teams = filter.openToTeams.map { Array($0) }
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.projectColumns) FROM projects p JOIN clients c ON c.id = p.client_id
                WHERE (\(filter.includeInactive) OR (p.active AND c.active))
                  AND (\(filter.clientId)::uuid IS NULL OR p.client_id = \(filter.clientId)::uuid)
                  AND (\(teams)::uuid[] IS NULL
                       OR NOT EXISTS (SELECT 1 FROM project_teams pt WHERE pt.project_id = p.id)
                       OR EXISTS (SELECT 1 FROM project_teams pt WHERE pt.project_id = p.id AND pt.team_id = ANY(\(teams)::uuid[])))
                  AND (\(after?.id)::uuid IS NULL OR (p.name COLLATE czech, p.id) > (\(after?.name)::text COLLATE czech, \(after?.id)::uuid))
                ORDER BY p.name COLLATE czech, p.id
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            ).collect().map(Self.project)
        }
    }

    package func project(id: UUID) async throws -> Project? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.project(id: id, on: connection, logger: logger)
        }
    }

    static func project(id: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Project? {
        try await connection.query(
            "SELECT \(unescaped: projectColumns) FROM projects p JOIN clients c ON c.id = p.client_id WHERE p.id = \(id)", logger: logger
        ).collect().first.map(project)
    }

    package func createProject(_ fields: ProjectFields, now: Date) async throws -> Project? {
        let logger = self.logger
        guard let clientId = fields.clientId, let name = fields.name else { return nil }
        let price = fields.hourlyPrice.flatMap { $0 }.map { "\($0)" }
        return try await database.withTransaction { connection in
            guard try await connection.query("SELECT 1 FROM clients WHERE id = \(clientId)", logger: logger).collect().count == 1 else {
                return nil
            }
            let id: UUID
            do {
                let rows = try await connection.query(
                    """
                    INSERT INTO projects (client_id, name, billable, hourly_price, active, created_at, updated_at)
                    VALUES (\(clientId), \(name), \(fields.billable ?? true), \(price)::numeric, \(fields.active ?? true), \(now), \(now))
                    RETURNING id
                    """,
                    logger: logger
                ).collect()
                id = try StoredValue.single(rows, column: "projects.id").decode(UUID.self)
            } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "projects_one_per_name" {
                throw TimeError.projectNameTaken
            }
            try await Self.setTeams(fields.teamIds ?? [], project: id, on: connection, logger: logger)
            return try await Self.project(id: id, on: connection, logger: logger)
        }
    }

    package func updateProject(id: UUID, condition: VersionCondition, fields: ProjectFields, now: Date) async throws -> Versioned<Project> {
        let logger = self.logger
        let price = fields.hourlyPrice.map { $0.map { "\($0)" } }
        return try await database.withTransaction { connection in
            guard
                let version = try await connection.query("SELECT version FROM projects WHERE id = \(id) FOR UPDATE", logger: logger)
                    .collect().first.map({ try $0.decode(Int.self) })
            else { return .notFound }
            guard condition.matches(version) else { return .stale }
            do {
                try await connection.query(
                    """
                    UPDATE projects p SET name = coalesce(\(fields.name), p.name), billable = coalesce(\(fields.billable), p.billable),
                        hourly_price = CASE WHEN \(price != nil) THEN \(price ?? nil)::numeric ELSE p.hourly_price END,
                        active = coalesce(\(fields.active), p.active), version = p.version + 1, updated_at = \(now)
                    WHERE p.id = \(id)
                    """,
                    logger: logger
                )
            } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "projects_one_per_name" {
                throw TimeError.projectNameTaken
            }
            if let teams = fields.teamIds { try await Self.setTeams(teams, project: id, on: connection, logger: logger) }
            if fields.active == false { try await Self.stopTimers(onProject: id, now: now, on: connection, logger: logger) }
            guard let project = try await Self.project(id: id, on: connection, logger: logger) else { return .notFound }
            return .written(project)
        }
    }

    /// A closed project takes no more time: the timers running on it stop when it closes (a stop
    /// press is kept, so a press that arrives late from a device does not start them again).
    static func stopTimers(onProject project: UUID, now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        // The people's timers are theirs to press: their rows are locked as a press locks them.
        try await connection.query(
            """
            SELECT 1 FROM accounts WHERE id IN (SELECT account_id FROM time_entries WHERE project_id = \(project) AND ended_at IS NULL)
            ORDER BY id FOR UPDATE
            """,
            logger: logger)
        try await connection.query(
            """
            WITH ended AS (
                UPDATE time_entries
                SET ended_at = least(greatest(\(now), started_at + interval '1 second'), started_at + interval '24 hours'),
                    version = version + 1, updated_at = \(now)
                WHERE project_id = \(project) AND ended_at IS NULL
                RETURNING account_id, ended_at
            )
            INSERT INTO timer_presses (account_id, action, at, received_at) SELECT account_id, 'stop', ended_at, \(now) FROM ended
            """,
            logger: logger)
    }

    static func setTeams(_ teams: [UUID], project: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM project_teams WHERE project_id = \(project)", logger: logger)
        guard !teams.isEmpty else { return }
        try await connection.query(
            "INSERT INTO project_teams (project_id, team_id) SELECT \(project), t.id FROM teams t WHERE t.id = ANY(\(teams))",
            logger: logger
        )
    }

    package func teams(of personId: UUID) async throws -> (led: Set<UUID>, member: Set<UUID>) {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.teams(of: personId, on: connection, logger: logger)
        }
    }

    static func teams(of personId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> (led: Set<UUID>, member: Set<UUID>) {
        var led: Set<UUID> = [], member: Set<UUID> = []
        let rows = try await connection.query("SELECT team_id, is_leader FROM team_members WHERE account_id = \(personId)", logger: logger)
        for try await (team, leader) in rows.decode((UUID, Bool).self) {
            member.insert(team)
            if leader { led.insert(team) }
        }
        return (led, member)
    }
}
