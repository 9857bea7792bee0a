import Foundation
import PostgresNIO
import StaffbookCore

extension PostgresCatalogRepository {
    package func match(names: [(client: String, project: String)]) async throws -> [NameMatch] {
        guard !names.isEmpty else { return [] }
        let logger = self.logger
        let clients = names.map(\.client), projects = names.map(\.project)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT n.c, n.p, name_key(n.c), name_key(n.p), c.id, \(unescaped: Self.projectColumns)
                FROM unnest(\(clients)::text[], \(projects)::text[]) AS n (c, p)
                LEFT JOIN clients c ON c.name_key = name_key(n.c)
                LEFT JOIN projects p ON p.client_id = c.id AND p.name_key = name_key(n.p)
                """,
                logger: logger
            ).collect()
            return try rows.map { row in
                let columns = row.makeRandomAccess()
                let project = try columns[5].decode(UUID?.self) == nil ? nil : try Self.project(columns, from: 5)
                return NameMatch(
                    clientName: try columns[0].decode(String.self), projectName: try columns[1].decode(String.self),
                    clientKey: try columns[2].decode(String.self), projectKey: try columns[3].decode(String.self),
                    clientId: try columns[4].decode(UUID?.self), project: project
                )
            }
        }
    }
}
