import Foundation

/// Clients and projects.
package protocol CatalogRepository: Sendable {
    /// Clients by name (fetches `page.fetchLimit`).
    func clients(includeInactive: Bool, page: PageRequest<SingleNamePosition>) async throws -> [Client]
    func client(id: UUID) async throws -> Client?
    /// A taken name (ignoring case and accents) throws `TimeError.clientNameTaken`.
    func createClient(name: String, billingAddress: String?, now: Date) async throws -> Client
    func updateClient(id: UUID, condition: VersionCondition, fields: ClientFields, now: Date) async throws -> Versioned<Client>
    /// Projects by client and name (fetches `page.fetchLimit`).
    func projects(filter: ProjectFilter, page: PageRequest<SingleNamePosition>) async throws -> [Project]
    func project(id: UUID) async throws -> Project?
    /// Nil for an unknown client; a taken name under the client throws `TimeError.projectNameTaken`.
    func createProject(_ fields: ProjectFields, now: Date) async throws -> Project?
    func updateProject(id: UUID, condition: VersionCondition, fields: ProjectFields, now: Date) async throws -> Versioned<Project>
    /// The teams a person leads, and those they are a member of.
    func teams(of personId: UUID) async throws -> (led: Set<UUID>, member: Set<UUID>)
    /// Each client and project name pair as the store keys and finds it (in one query).
    func match(names: [(client: String, project: String)]) async throws -> [NameMatch]
}
