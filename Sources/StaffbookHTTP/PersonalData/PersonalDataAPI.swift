import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me/export` and `/v1/users/{id}/export`: everything held about a person, as a ZIP;
/// `/v1/users/{id}/erasure` and `/v1/erasures`: erasing a person who left, and the log.
struct PersonalDataAPI: AreaHandler {
    let exports: PersonalDataExporter
    let eraser: PersonalDataEraser
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

/// An admin's erasure of a person on request, for the API and the desk: refused while the person
/// is active; the person is told at the address they had.
package struct PersonalDataEraser: Sendable {
    let repository: any RetentionRepository
    let clock: any AppClock

    /// Nil when there is no such person.
    package func erase(_ personId: UUID, reason: ErasureReason, by actor: UUID) async throws -> ErasureLogEntry? {
        guard let subject = try await repository.subject(id: personId) else { return nil }
        if case .failure(.stillActive) = subject.mayBeErasedOnRequest() { throw Problem(.personStillActive) }
        return try await repository.erase(personId, rule: .onRequest, reason: reason, by: actor, now: clock.now())
    }
}

extension PersonalDataAPI {
    func eraseUser(_ input: Operations.EraseUser.Input) async throws -> Operations.EraseUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        guard let reason = ErasureReason(rawValue: body.reason.rawValue) else { throw Problem(.validationFailed) }
        guard let entry = try await eraser.erase(id, reason: reason, by: caller.accountId) else { throw Problem(.notFound) }
        return .ok(.init(body: .json(Self.erasure(entry))))
    }

    func listErasures(_ input: Operations.ListErasures.Input) async throws -> Operations.ListErasures.Output {
        _ = try RequestScope.requireCaller()
        let limit = min(max(input.query.limit ?? 100, 1), 500)
        return .ok(.init(body: .json(.init(items: try await eraser.repository.log(limit: limit).map(Self.erasure)))))
    }

    static func erasure(_ entry: ErasureLogEntry) -> Components.Schemas.Erasure {
        .init(
            at: entry.at, rule: Components.Schemas.Erasure.RulePayload(rawValue: entry.rule.rawValue) ?? .onRequest,
            subjectId: entry.subjectId?.lowercasedString,
            reason: entry.reason.flatMap { Components.Schemas.ErasureReason(rawValue: $0.rawValue) },
            counts: .init(additionalProperties: entry.counts))
    }
}
