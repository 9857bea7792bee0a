import Foundation
import NIOCore
import NIOPosix
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore
import StaffbookJobs
import Synchronization

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
            return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(Self.body(archive))))
        case .queued(let queued)?: return .accepted(.init(body: .json(Self.queued(queued))))
        case nil: throw Problem(.notFound)
        }
    }

    func exportUserData(_ input: Operations.ExportUserData.Input) async throws -> Operations.ExportUserData.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        switch try await exports.export(of: id, by: caller.accountId) {
        case .archive(let archive)?:
            return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(Self.body(archive))))
        case .queued(let queued)?: return .accepted(.init(body: .json(Self.queued(queued))))
        case nil: throw Problem(.notFound)
        }
    }

    func downloadPersonalDataByLink(_ input: Operations.DownloadPersonalDataByLink.Input) async throws
        -> Operations.DownloadPersonalDataByLink.Output
    {
        guard let archive = try await exports.fetch(token: input.path.token) else { throw Problem(.notFound) }
        return .ok(.init(headers: .init(contentDisposition: archive.disposition), body: .applicationZip(Self.body(archive))))
    }

    static func body(_ archive: PersonalDataExporter.Archive) -> HTTPBody {
        HTTPBody(archive.chunks.map { ArraySlice($0.readableBytesView) }, length: .known(Int64(archive.count)), iterationBehavior: .single)
    }

    static func queued(_ queued: QueuedExport) -> Components.Schemas.PersonalDataExportQueued {
        .init(id: queued.id.lowercasedString, state: .preparing, requestedAt: queued.createdAt, expiresAt: queued.expiresAt)
    }
}

/// Reads a person's data, zips it off the event loops, and records in their history who took it;
/// an export whose files are over the inline limit is queued for a job instead, and its link
/// mailed. For the API and the desk. An answer's export never holds the person's files in memory:
/// they are written to a directory of their own as they are read, zipped into a file there, and
/// the file is sent from disk and gone once sent (its name is unlinked as soon as it is open).
package struct PersonalDataExporter: Sendable {
    let repository: any PersonalDataRepository
    let links: ExportLinks
    let inlineLimit: Int
    let clock: any AppClock

    package struct Archive: Sendable {
        package var fileName: String
        package var disposition: String { "attachment; filename=\"\(fileName)\"" }
        /// Its size in bytes.
        package var count: Int
        /// Its bytes, in chunks: read once.
        package var chunks: AsyncThrowingStream<ByteBuffer, any Error>
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
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("staffbook-export-\(UUID().lowercasedString)")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        // Whatever happens below, the directory goes: the archive is open by then, or not needed.
        defer { try? FileManager.default.removeItem(at: spool) }
        let export: PersonalDataExport
        do {
            guard let read = try await repository.export(personId: personId, now: now, spool: spool, exclusive: true) else { return nil }
            export = read
        } catch PersonalDataError.exportInProgress {
            throw Problem(.rateLimited, detail: PersonalDataTexts.inProgress, headers: [.retryAfter: "5"])
        }
        let files = export.archiveFiles
        let path = spool.appendingPathComponent("archive.zip").path
        let (handle, size) = try await WorkPool.documents.run { () throws(PersonalDataArchive.Failed) -> (NIOFileHandle, Int) in
            try PersonalDataArchive.zip(files, to: path)
            guard let handle = try? NIOFileHandle(_deprecatedPath: path),
                let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
            else { throw PersonalDataArchive.Failed() }
            return (handle, size)
        }
        try await repository.recordExport(personId: personId, by: actor, now: now)
        return .archive(Archive(fileName: export.fileName, count: size, chunks: Self.chunks(of: handle, count: size)))
    }

    /// The open file's bytes, 64 KiB at a time from NIO's file threads, read as they are sent
    /// (the stream waits for its reader); closed at the end, or when the stream is dropped
    /// unread (a client gone mid-download).
    static func chunks(of handle: NIOFileHandle, count: Int) -> AsyncThrowingStream<ByteBuffer, any Error> {
        let file = OpenFile(handle)
        let files = NonBlockingFileIO(threadPool: .singleton)
        let offset = Mutex<Int64>(0)
        return AsyncThrowingStream(unfolding: {
            let from = offset.withLock { $0 }
            guard from < Int64(count) else {
                file.close()
                return nil
            }
            do {
                let chunk = try await files.read(
                    fileHandle: file.handle, fromOffset: from, byteCount: min(65536, count - Int(from)), allocator: ByteBufferAllocator())
                guard chunk.readableBytes > 0 else {
                    file.close()
                    return nil
                }
                offset.withLock { $0 += Int64(chunk.readableBytes) }
                return chunk
            } catch {
                file.close()
                throw error
            }
        })
    }

    /// A file handle closed once: by the end of the stream, or when nothing holds it any more.
    final class OpenFile: Sendable {
        let handle: NIOFileHandle
        private let open = Mutex(true)

        init(_ handle: NIOFileHandle) { self.handle = handle }

        func close() {
            let wasOpen = open.withLock { open in
                defer { open = false }
                return open
            }
            guard wasOpen else { return }
            try? handle.close()
        }

        deinit { close() }
    }

    /// An export a job made, by its mailed link: nil for a link that is not ours or an export that
    /// is gone or not made yet; an expired one is refused as such.
    package func fetch(token: String) async throws -> Archive? {
        guard let id = links.exportId(from: token), let queued = try await repository.queuedExport(id: id) else { return nil }
        guard queued.expiresAt > clock.now() else { throw Problem(.linkExpired) }
        guard let data = queued.archive, let fileName = queued.fileName else { return nil }
        var sent = false
        let chunks = AsyncThrowingStream<ByteBuffer, any Error>(unfolding: {
            guard !sent else { return nil }
            sent = true
            return ByteBuffer(data: data)
        })
        return Archive(fileName: fileName, count: data.count, chunks: chunks)
    }
}

enum PersonalDataTexts {
    static let inProgress = LocalizedText(
        en: "An export of this person's data is being made right now; the next can start in a few seconds.",
        cs: "Export údajů této osoby se právě vytváří; další může začít za pár sekund.")
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
