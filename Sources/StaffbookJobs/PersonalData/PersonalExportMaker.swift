import Foundation
import StaffbookCore

/// The job that makes an export too large for one answer: reads the person's data, zips it,
/// keeps the archive for a week, records the hand-over in the person's history and mails the
/// link to whoever asked.
package struct PersonalExportMaker: Sendable {
    let repository: any PersonalDataRepository
    let clock: any AppClock

    package init(repository: any PersonalDataRepository, clock: any AppClock) {
        self.repository = repository
        self.clock = clock
    }

    package func make(exportId: UUID) async throws -> NotificationDeliverer.Outcome {
        let now = clock.now()
        guard let queued = try await repository.queuedExport(id: exportId), queued.archive == nil, queued.expiresAt > now,
            let export = try await repository.export(personId: queued.personId, now: now, spool: nil, exclusive: false)
        else { return .done([]) }
        let data: Data
        do {
            data = try PersonalDataArchive.zip(export.archiveFiles)
        } catch {
            return .retry(error: "the archive could not be written", effects: [])
        }
        try await repository.storeArchive(data, fileName: export.fileName, exportId: exportId, now: now)
        try await repository.recordExport(personId: queued.personId, by: queued.requestedBy, now: now)
        let ready = NewNotification(
            accountId: queued.requestedBy, kind: .personalDataReady,
            payload: NotificationPayload(expiresAt: queued.expiresAt, exportId: exportId.lowercasedString))
        return .done([.notify(ready)])
    }
}
