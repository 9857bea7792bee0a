import Foundation

/// Everything Staffbook holds about one person, as files for a ZIP (the right of access and to
/// portability): one JSON file per kind of record, the person's uploaded files as they were
/// uploaded, and a README saying what each file is.
package struct PersonalDataExport: Sendable {
    package struct File: Sendable, Equatable {
        /// The path inside the archive (`profile.json`, `files/2026-10-invoice.pdf`).
        package var path: String
        /// What the file holds, for the README.
        package var description: String
        package var contents: Data
        /// Where the contents wait on disk instead (an uploaded file, written there as it was
        /// read, so that an export never holds every file in memory); `contents` is empty then.
        package var spooled: String?
        /// Whether the contents are compressed already (PDF, images), so the archive stores them as they are.
        package var compressed: Bool

        package init(path: String, description: String, contents: Data, compressed: Bool = false) {
            self.path = path
            self.description = description
            self.contents = contents
            self.compressed = compressed
        }

        package init(path: String, description: String, spooledAt file: String, compressed: Bool) {
            self.init(path: path, description: description, contents: Data(), compressed: compressed)
            spooled = file
        }
    }

    /// Records about the person that are not in the export, with why (`table.column` → reason).
    package struct Omission: Sendable, Equatable {
        package var what: String
        package var why: String

        package init(what: String, why: String) {
            self.what = what
            self.why = why
        }
    }

    package var personId: UUID
    package var name: String
    package var files: [File]
    package var omissions: [Omission]
    package var generatedAt: Date

    package init(personId: UUID, name: String, files: [File], omissions: [Omission], generatedAt: Date) {
        self.personId = personId
        self.name = name
        self.files = files
        self.omissions = omissions
        self.generatedAt = generatedAt
    }

    /// The archive's name: the day it was made, not the person's name (it travels by mail and disk).
    package var fileName: String {
        "staffbook-personal-data-\(CalendarDay(generatedAt).iso).zip"
    }

    /// The README inside the archive: who and when, what each file is, the SHA-256 of each
    /// uploaded file, and what is held but not included, with why.
    package var readme: File {
        var text = """
            Staffbook: personal data of \(name)
            Person id: \(personId.lowercasedString)
            Made at: \(ISO8601DateFormatter().string(from: generatedAt)) (UTC)

            Every record Staffbook holds about this person, as JSON (UTF-8; times in UTC as
            PostgreSQL writes them; money as exact decimals beside its currency), and the files
            they uploaded, as uploaded.

            Files

            """
        for file in files {
            text += "- \(file.path): \(file.description)\n"
        }
        text += "\nHeld but not included\n\n"
        for omission in omissions {
            text += "- \(omission.what): \(omission.why)\n"
        }
        return File(path: "README.txt", description: "This file.", contents: Data(text.utf8))
    }

    /// The files of the archive: the README first.
    package var archiveFiles: [File] { [readme] + files }
}

/// An export made by a job: who it is about, who asked, and, once made, the archive.
package struct QueuedExport: Sendable, Equatable {
    package var id: UUID
    package var personId: UUID
    package var requestedBy: UUID
    package var createdAt: Date
    package var expiresAt: Date
    /// Nil while it is being made.
    package var archive: Data?
    package var fileName: String?

    package init(
        id: UUID, personId: UUID, requestedBy: UUID, createdAt: Date, expiresAt: Date, archive: Data? = nil, fileName: String? = nil
    ) {
        self.id = id
        self.personId = personId
        self.requestedBy = requestedBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.archive = archive
        self.fileName = fileName
    }

    /// How long a made export waits to be fetched.
    package static let lifetime: TimeInterval = 7 * 86400
}

package protocol PersonalDataRepository: Sendable {
    /// Everything held about the person, read in one snapshot; nil when there is no such person.
    /// With `spool`, each uploaded file is written into that directory as it is read (one in
    /// memory at a time) and named there instead of held. `exclusive`: while another export of
    /// the person is being read, throws `PersonalDataError.exportInProgress`.
    func export(personId: UUID, now: Date, spool: URL?, exclusive: Bool) async throws -> PersonalDataExport?
    /// Records in the person's history that their data was handed over, and to whom.
    func recordExport(personId: UUID, by actor: UUID, now: Date) async throws
    /// The bytes of the person's uploaded files (what decides whether an export fits one answer);
    /// nil when there is no such person.
    func uploadedBytes(personId: UUID) async throws -> Int?
    /// Queues an export to be made by a job (with the job, in one transaction). One per person:
    /// one being made, or made in the last day, is answered again; a newer one replaces the
    /// person's older archive, so at most one is kept.
    func queueExport(personId: UUID, by actor: UUID, now: Date) async throws -> QueuedExport
    func queuedExport(id: UUID) async throws -> QueuedExport?
    /// Keeps the made archive until the export expires.
    func storeArchive(_ data: Data, fileName: String, exportId: UUID, now: Date) async throws
}

package enum PersonalDataError: Error, Sendable, Equatable {
    /// Another export of the person is being read right now: the next may start in seconds.
    case exportInProgress
}

extension QueuedExport {
    /// A made or making export younger than this is answered again instead of made anew.
    package static let reusedFor: TimeInterval = 86400
}
