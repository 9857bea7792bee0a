import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore
import StaffbookJobs

/// `/v1/me/export` and `/v1/users/{id}/export`: everything held about a person, as a ZIP;
/// `/v1/users/{id}/erasure` and `/v1/erasures`: erasing a person who left, and the log.
struct PersonalDataAPI: AreaHandler {
    let exports: PersonalDataExporter
    let eraser: PersonalDataEraser
    var clock: any AppClock { exports.clock }

    func exportMyData(_ input: Operations.ExportMyData.Input) async throws -> Operations.ExportMyData.Output {
        let caller = try RequestScope.requireCaller()
        switch try await exports.export(of: caller.accountId, by: caller.accountId) {
        case .archive(let archive)?:
            return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(HTTPBody(archive.data))))
        case .queued(let queued)?: return .accepted(.init(body: .json(Self.queued(queued))))
        case nil: throw Problem(.notFound)
        }
    }

    func exportUserData(_ input: Operations.ExportUserData.Input) async throws -> Operations.ExportUserData.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        switch try await exports.export(of: id, by: caller.accountId) {
        case .archive(let archive)?:
            return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(HTTPBody(archive.data))))
        case .queued(let queued)?: return .accepted(.init(body: .json(Self.queued(queued))))
        case nil: throw Problem(.notFound)
        }
    }

    func downloadPersonalDataByLink(_ input: Operations.DownloadPersonalDataByLink.Input) async throws
        -> Operations.DownloadPersonalDataByLink.Output
    {
        guard let archive = try await exports.fetch(token: input.path.token) else { throw Problem(.notFound) }
        return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(HTTPBody(archive.data))))
    }

    static func queued(_ queued: QueuedExport) -> Components.Schemas.PersonalDataExportQueued {
        .init(id: queued.id.lowercasedString, state: .preparing, requestedAt: queued.createdAt, expiresAt: queued.expiresAt)
    }
}

/// Reads a person's data, zips it off the event loops, and records in their history who took it;
/// an export whose files are over the inline limit is queued for a job instead, and its link
/// mailed. For the API and the desk.
package struct PersonalDataExporter: Sendable {
    let repository: any PersonalDataRepository
    let links: ExportLinks
    let inlineLimit: Int
    let clock: any AppClock

    package struct Archive: Sendable {
        package var data: Data
        package var fileName: String
        package var disposition: String { "attachment; filename=\"\(fileName)\"" }
    }

    package enum Outcome: Sendable {
        case archive(Archive)
        /// Too large for one answer: being made; the link is mailed to whoever asked.
        case queued(QueuedExport)
    }

    /// Nil when there is no such person.
    package func export(of personId: UUID, by actor: UUID) async throws -> Outcome? {
        guard let bytes = try await repository.uploadedBytes(personId: personId) else { return nil }
        let now = clock.now()
        if bytes > inlineLimit { return .queued(try await repository.queueExport(personId: personId, by: actor, now: now)) }
        guard let export = try await repository.export(personId: personId, now: now) else { return nil }
        let files = export.archiveFiles
        let data = try await WorkPool.documents.run { () throws(PersonalDataArchive.Failed) in try PersonalDataArchive.zip(files) }
        try await repository.recordExport(personId: personId, by: actor, now: now)
        return .archive(Archive(data: data, fileName: export.fileName))
    }

    /// An export a job made, by its mailed link: nil for a link that is not ours or an export that
    /// is gone or not made yet; an expired one is refused as such.
    package func fetch(token: String) async throws -> Archive? {
        guard let id = links.exportId(from: token), let queued = try await repository.queuedExport(id: id) else { return nil }
        guard queued.expiresAt > clock.now() else { throw Problem(.linkExpired) }
        guard let data = queued.archive, let fileName = queued.fileName else { return nil }
        return Archive(data: data, fileName: fileName)
    }
}

/// An admin's erasure of a person on request, for the API and the desk: refused while the person
/// is active; the person is told at the address they had.
package struct PersonalDataEraser: Sendable {
    let repository: any RetentionRepository
    let clock: any AppClock
    let fourEyes: FourEyesRule

    /// What waits for a second admin about the person.
    package func pending(personId: UUID) async throws -> [AdminChangeRequest] {
        try await fourEyes.pendingChanges(personId: personId)
    }

    /// Nil when there is no such person.
    package func erase(_ personId: UUID, reason: ErasureReason, by actor: UUID) async throws -> ErasureOutcome? {
        guard let subject = try await repository.subject(id: personId) else { return nil }
        if case .failure(.stillActive) = subject.mayBeErasedOnRequest() { throw Problem(.personStillActive) }
        return try await repository.erase(
            personId, rule: .onRequest, reason: reason, by: actor, fourEyes: fourEyes.settings, now: clock.now())
    }
}

extension PersonalDataAPI {
    func eraseUser(_ input: Operations.EraseUser.Input) async throws -> Operations.EraseUser.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        guard let reason = ErasureReason(rawValue: body.reason.rawValue) else { throw Problem(.validationFailed) }
        switch try await eraser.erase(id, reason: reason, by: caller.accountId) {
        case .erased(let entry)?: return .ok(.init(body: .json(Self.erasure(entry))))
        case .requested?:
            let pending = try await eraser.pending(personId: id).first { $0.change.kind == .erasePerson }
            guard let pending else { throw Problem(.notFound) }
            return .accepted(.init(body: .json(PeopleSchemas.pending(pending))))
        case nil: throw Problem(.notFound)
        }
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
