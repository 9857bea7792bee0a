import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Entries from another tracker's file.
extension PostgresTimeEntryRepository {
    /// Carries a preview's outcome out of the transaction it rolls back.
    struct PreviewRollback: Error {
        var outcome: ImportOutcome
    }

    package func importEntries(
        personId: UUID, rows: [ImportRow], createMissing: Bool, dryRun: Bool, now: Date
    ) async throws -> ImportOutcome {
        let logger = self.logger
        do {
            return try await database.withTransaction { connection in
                try await Self.lockPerson(personId, on: connection, logger: logger)
                let outcome = try await Self.importEntries(
                    personId: personId, rows: rows, createMissing: createMissing, now: now, on: connection, logger: logger
                )
                if dryRun { throw PreviewRollback(outcome: outcome) }
                return outcome
            }
        } catch let preview as PreviewRollback {
            return preview.outcome
        }
    }

    private struct Target {
        var project: Project?
        var problem: String?
    }

    static func importEntries(
        personId: UUID, rows: [ImportRow], createMissing: Bool, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> ImportOutcome {
        var outcome = ImportOutcome()
        let teams = try await PostgresCatalogRepository.teams(of: personId, on: connection, logger: logger).member
        // Each client and project the file names, matched as names are compared (case and
        // accents aside), created when allowed.
        var targets: [String: Target] = [:]
        var newClientKeys: Set<String> = [], newProjectKeys: Set<String> = []
        for row in rows {
            let pair = row.clientName + "\u{0}" + row.projectName
            if targets[pair] != nil { continue }
            let found = try await connection.query(
                """
                SELECT name_key(\(row.clientName)), name_key(\(row.projectName)), c.id, p.id
                FROM (SELECT 1) one
                LEFT JOIN clients c ON c.name_key = name_key(\(row.clientName))
                LEFT JOIN projects p ON p.client_id = c.id AND p.name_key = name_key(\(row.projectName))
                """,
                logger: logger
            ).collect().first.map { try $0.decode((String, String, UUID?, UUID?).self) }
            guard let (clientKey, projectKey, clientId, projectId) = found else { continue }
            if clientId == nil, newClientKeys.insert(clientKey).inserted { outcome.newClients.append(row.clientName) }
            if projectId == nil, newProjectKeys.insert(clientKey + "\u{0}" + projectKey).inserted {
                outcome.newProjects.append((row.clientName, row.projectName))
            }
            if let projectId {
                let project = try await PostgresCatalogRepository.project(id: projectId, on: connection, logger: logger)
                targets[pair] =
                    project.map { CatalogRules.isOpen($0, toMemberOf: teams) } == true
                    ? Target(project: project) : Target(problem: "project not open to you")
            } else if !createMissing {
                targets[pair] = Target(
                    problem: clientId == nil ? "unknown client (an admin can create it)" : "unknown project (an admin can create it)")
            } else {
                targets[pair] = Target(
                    project: try await create(
                        client: row.clientName, clientId: clientId, project: row.projectName, now: now, on: connection, logger: logger))
            }
        }
        let actor = TimeActor(callerId: personId, isAdmin: false)
        for row in rows.sorted(by: { ($0.start, $0.line) < ($1.start, $1.line) }) {
            guard let target = targets[row.clientName + "\u{0}" + row.projectName], let project = target.project else {
                outcome.problems.append(
                    ImportProblem(line: row.line, reason: targets[row.clientName + "\u{0}" + row.projectName]?.problem ?? "unknown project"))
                continue
            }
            guard row.description.unicodeScalars.count <= 1000, row.tags.count <= 20 else {
                outcome.problems.append(ImportProblem(line: row.line, reason: "description over 1000 characters or over 20 tags"))
                continue
            }
            let same = try await connection.query(
                """
                SELECT 1 FROM time_entries WHERE account_id = \(personId) AND project_id = \(project.id)
                  AND started_at = \(row.start) AND ended_at = \(row.end)
                """,
                logger: logger
            ).collect()
            if !same.isEmpty {
                outcome.alreadyThere += 1
                continue
            }
            do {
                try await checkLocks(personId: personId, instants: [row.start], actor: actor, on: connection, logger: logger)
                try await checkOverlap(personId: personId, start: row.start, end: row.end, except: nil, on: connection, logger: logger)
            } catch TimeError.periodLocked(let month) {
                outcome.problems.append(ImportProblem(line: row.line, reason: "\(month.iso) is settled (approved or paid)"))
                continue
            } catch TimeError.overlap(let entryId, _, _) {
                if let entryId { outcome.overlaps.append((row.line, entryId)) }
                continue
            }
            try await connection.query(
                """
                INSERT INTO time_entries (account_id, project_id, description, started_at, ended_at, tags, billable, created_at, updated_at)
                VALUES (\(personId), \(project.id), \(row.description), \(row.start), \(row.end), \(row.tags), \(row.billable ?? project.billable),
                        \(now), \(now))
                """,
                logger: logger
            )
            outcome.imported += 1
            outcome.seconds += Int(row.end.timeIntervalSince(row.start))
        }
        return outcome
    }

    /// The client (found or new) and its new project, open to everyone.
    private static func create(
        client: String, clientId: UUID?, project: String, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Project? {
        var owner = clientId
        if owner == nil {
            owner = try await connection.query(
                """
                INSERT INTO clients (name, created_at, updated_at) VALUES (\(client), \(now), \(now))
                ON CONFLICT (name_key) DO UPDATE SET updated_at = clients.updated_at RETURNING id
                """,
                logger: logger
            ).collect().first?.decode(UUID.self)
        }
        guard let owner else { return nil }
        let id = try await connection.query(
            """
            INSERT INTO projects (client_id, name, created_at, updated_at) VALUES (\(owner), \(project), \(now), \(now))
            ON CONFLICT (client_id, name_key) DO UPDATE SET updated_at = projects.updated_at RETURNING id
            """,
            logger: logger
        ).collect().first?.decode(UUID.self)
        guard let id else { return nil }
        return try await PostgresCatalogRepository.project(id: id, on: connection, logger: logger)
    }
}
