import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me/export` and `/v1/users/{id}/export`: everything held about a person, as a ZIP.
struct PersonalDataAPI: AreaHandler {
    let exports: PersonalDataExporter
    var clock: any AppClock { exports.clock }

    func exportMyData(_ input: Operations.ExportMyData.Input) async throws -> Operations.ExportMyData.Output {
        let caller = try RequestScope.requireCaller()
        guard let archive = try await exports.archive(of: caller.accountId, by: caller.accountId) else { throw Problem(.notFound) }
        return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(HTTPBody(archive.data))))
    }

    func exportUserData(_ input: Operations.ExportUserData.Input) async throws -> Operations.ExportUserData.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard let archive = try await exports.archive(of: id, by: caller.accountId) else { throw Problem(.notFound) }
        return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(HTTPBody(archive.data))))
    }
}

/// Reads a person's data, zips it off the event loops, and records in their history who took it;
/// for the API and the desk.
package struct PersonalDataExporter: Sendable {
    let repository: any PersonalDataRepository
    let clock: any AppClock

    package struct Archive: Sendable {
        package var data: Data
        package var fileName: String
        package var disposition: String { "attachment; filename=\"\(fileName)\"" }
    }

    /// Nil when there is no such person.
    package func archive(of personId: UUID, by actor: UUID) async throws -> Archive? {
        let now = clock.now()
        guard let export = try await repository.export(personId: personId, now: now) else { return nil }
        let files = export.archiveFiles
        let data = try await WorkPool.documents.run { () throws(PersonalDataArchive.Failed) in try PersonalDataArchive.zip(files) }
        try await repository.recordExport(personId: personId, by: actor, now: now)
        return Archive(data: data, fileName: export.fileName)
    }
}
