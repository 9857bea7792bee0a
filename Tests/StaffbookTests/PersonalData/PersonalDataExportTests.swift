import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookMail
@testable import StaffbookPostgres

/// The right of access and to portability: everything held about a person, as a ZIP read back
/// with Python's `zipfile`, not with our code.
@Suite("Personal data: the export")
struct PersonalDataExportTests {
    /// Lists the archive, parses each JSON file, and checks each uploaded file against the
    /// SHA-256 its details give; prints what it found as JSON.
    static let reader = """
        import hashlib, json, sys, zipfile
        archive = zipfile.ZipFile(sys.argv[1])
        assert archive.testzip() is None
        names = archive.namelist()
        counts, found = {}, []
        for name in names:
            if name.endswith(".json"):
                rows = json.loads(archive.read(name))
                counts[name] = len(rows)
                text = json.dumps(rows)
                found += [key for key in ("password_hash", "secret_hash", "sealed_secret", "code_hash", "token_hash", "p256dh") if key in text]
        files = json.loads(archive.read("invoice_files.json"))
        matching = sum(1 for f in files if hashlib.sha256(archive.read(f["path"])).hexdigest() == f["sha256"])
        readme = archive.read("README.txt").decode()
        described = all(name in readme for name in names if name != "README.txt")
        print(json.dumps({"names": names, "counts": counts, "secrets": found, "files": len(files), "matching": matching,
                          "described": described, "omissions": "recovery_codes" in readme}))
        """

    struct ReadBack: Decodable {
        var names: [String]
        var counts: [String: Int]
        var secrets: [String]
        var files: Int
        var matching: Int
        var described: Bool
        var omissions: Bool
    }

    static func read(_ response: TestResponse) throws -> ReadBack {
        let output = try PythonReader.output(of: reader, reading: Data(buffer: response.body), suffix: "zip", library: "zipfile")
        return try JSONDecoder().decode(ReadBack.self, from: output)
    }

    @Test func aPersonsExportHoldsEveryKindOfRecordAboutThemAndTheirFilesMatchBySHA256() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let id = try #require(try await app.sql("SELECT id::text FROM accounts WHERE email = 'jan.novak@staffbook.example'").first ?? nil)
            _ = try await app.send(.post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-08"))

            let response = try await app.send(.get, "/v1/me/export", token: jan)
            #expect(response.status == .ok && response.headers[.contentType] == "application/zip")
            #expect(
                response.headers[.contentDisposition] == "attachment; filename=\"staffbook-personal-data-\(CalendarDay(app.clock.now()).iso).zip\"")
            let archive = try Self.read(response)
            for table in PersonalDataTables.exported { #expect(archive.names.contains(table.file), "\(table.file)") }
            #expect(archive.secrets.isEmpty, "no secret is handed over: \(archive.secrets)")
            #expect(archive.described && archive.omissions, "the README names every file and what is left out")
            #expect(archive.counts["profile.json"] == 1)
            for (file, table) in [("time_entries.json", "time_entries"), ("invoices.json", "invoices"), ("absences.json", "absences")] {
                let held = try await app.sql("SELECT count(*)::text FROM \(table) WHERE account_id = '\(id)'").first.flatMap { $0 }
                #expect(held == String(archive.counts[file] ?? -1), "\(file): every row of the person's, none of anyone else's")
            }
            let uploaded = try await app.sql(
                "SELECT count(*)::text FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id WHERE i.account_id = '\(id)'"
            ).first.flatMap { $0 }
            #expect(archive.files > 0 && String(archive.files) == uploaded && archive.matching == archive.files, "every file, as uploaded")
            #expect(archive.names.filter { $0.hasPrefix("files/") }.count == archive.files)
            #expect(
                try await app.sql("SELECT action FROM audit_log WHERE entity = 'personal_data' AND subject_id = '\(id)'") == ["exported"],
                "the hand-over is in the person's history")
        }
    }

    @Test func anAdminExportsAPersonOnTheirRequestAndAnUnknownPersonIs404() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let id = try #require(try await app.sql("SELECT id::text FROM accounts WHERE email = 'petra.svobodova@staffbook.example'").first ?? nil)
            let response = try await app.send(.get, "/v1/users/\(id)/export", token: admin)
            #expect(response.status == .ok)
            #expect(try Self.read(response).counts["profile.json"] == 1)
            #expect(try await app.send(.get, "/v1/users/\(id)/export", token: lead).status == .notFound, "a leader is not an admin")
            #expect(try await app.send(.get, "/v1/users/\(UUID())/export", token: admin).status == .notFound)
        }
    }

    struct Queued: Decodable {
        var id: String
        var state: String
    }

    @Test func aLargeExportIsMadeByAJobAndFetchedForAWeekByTheLinkMailedToWhoeverAsked() async throws {
        let sink = try MailSink()
        try await TestApp.test(configure: {
            $0.monthEnd.smtp = SMTPConfiguration(host: "127.0.0.1", port: sink.port, security: .none)
            $0.exportInlineMaxBytes = 1000
            $0.http.publicBaseURL = "https://staffbook.example"
        }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let asked = try await app.send(.get, "/v1/me/export", token: jan)
            let queued = try asked.decode(Queued.self)
            #expect(asked.status == .accepted && queued.state == "preparing")
            try await app.withWorker { worker in
                await worker.tick()
                await worker.tick()
            }
            let mails = try await sink.waitForMessages(1)
            let mail = try #require(mails.first { $0.header("X-Envelope-To") == "jan.novak@staffbook.example" })
            let text = mail.body("text/plain")
            let prefix = "https://staffbook.example/v1/personal-data-links/"
            let token = try #require(text.components(separatedBy: prefix).dropFirst().first?.prefix { !$0.isWhitespace }).description
            #expect(token.count == 64, "\(text)")
            #expect(
                try await app.sql("SELECT count(*)::text FROM audit_log WHERE entity = 'personal_data' AND subject_id = '\(Demo.janNovak)'") == ["1"])

            let fetched = try await app.execute("/v1/personal-data-links/\(token)")
            #expect(fetched.status == .ok && fetched.headers[.contentType] == "application/zip")
            let archive = try Self.read(fetched)
            #expect(archive.counts["profile.json"] == 1 && archive.files > 0 && archive.matching == archive.files)
            let altered = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
            #expect(try await app.execute("/v1/personal-data-links/\(altered)").status == .notFound)
            app.clock.advance(by: 8 * 86400)
            let late = try await app.execute("/v1/personal-data-links/\(token)")
            #expect(late.status == .gone && late.problem?.type == "urn:staffbook:problem:link-expired")
        }
        sink.stop()
    }

    /// Fifth probe, finding 2: every export above the inline limit queued a job and kept its
    /// archive a week, with no cap (6 requests in 0.1 s stored 216 MiB). Now one per person: the
    /// one being made, or made in the last day, is answered again; a newer one replaces it.
    @Test(.tags(.fifthProbe)) func aPersonHasOneExportBeingMadeOrKeptAndRequestsAgainAnswerIt() async throws {
        try await TestApp.test(configure: { $0.exportInlineMaxBytes = 1000 }) { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            var ids: Set<String> = []
            try await withThrowingTaskGroup(of: (HTTPResponse.Status, String).self) { group in
                for n in 0..<6 {
                    group.addTask {
                        let asked = n == 5
                            ? try await app.send(.get, "/v1/users/\(Demo.janNovak)/export", token: admin)
                            : try await app.send(.get, "/v1/me/export", token: jan)
                        return (asked.status, try asked.decode(Queued.self).id)
                    }
                }
                for try await (status, id) in group {
                    #expect(status == .accepted)
                    ids.insert(id)
                }
            }
            #expect(ids.count == 1, "six requests at once, one export: \(ids)")
            #expect(try await app.sql("SELECT count(*)::text FROM personal_exports") == ["1"])
            #expect(try await app.sql("SELECT count(*)::text FROM jobs WHERE kind = 'personal_export'") == ["1"])
            try await app.withWorker { worker in await worker.tick() }
            let again = try await app.send(.get, "/v1/me/export", token: jan)
            #expect(try again.decode(Queued.self).id == ids.first, "made, it is answered again for a day")
            app.clock.advance(by: 86400 + 1)
            let jan2 = try await app.token("jan.novak@staffbook.example")
            let next = try await app.send(.get, "/v1/me/export", token: jan2)
            let nextId = try next.decode(Queued.self).id
            #expect(next.status == .accepted && nextId != ids.first)
            #expect(try await app.sql("SELECT count(*)::text FROM personal_exports") == ["1"], "the newer replaces the older: one kept")
        }
    }

    /// Fifth probe, finding 2 (inline): 16 exports of 27 MiB at once held every file in memory
    /// (201 → 764 MiB). An answer's export is spooled to disk and sent from there, one at a time
    /// per person; nothing stays on disk after it.
    @Test(.tags(.fifthProbe)) func anInlineExportIsSentFromDiskOneAtATimePerPersonAndLeavesNothingBehind() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let before = Self.spools()
            var statuses: [HTTPResponse.Status] = []
            var archives: [TestResponse] = []
            try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<6 { group.addTask { try await app.send(.get, "/v1/me/export", token: jan) } }
                for try await answer in group {
                    statuses.append(answer.status)
                    if answer.status == .ok { archives.append(answer) }
                }
            }
            #expect(statuses.contains(.ok), "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .ok || $0 == .tooManyRequests }, "\(statuses)")
            for archive in archives {
                let read = try Self.read(archive)
                #expect(read.files > 0 && read.matching == read.files, "every file, as uploaded, from the spooled copies")
            }
            // Other suites export at the same time: theirs go within moments, a leftover would not.
            var left = Self.spools().subtracting(before)
            for _ in 0..<50 where !left.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                left = Self.spools().subtracting(before)
            }
            #expect(left.isEmpty, "no spooled file or archive left behind: \(left)")
        }
    }

    /// The export directories in the temporary directory.
    static func spools() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []).filter {
            $0.hasPrefix("staffbook-export-")
        })
    }

    /// A new table (or column) that names a person fails this until the export includes it or
    /// says why not.
    @Test func everyColumnThatNamesAPersonIsExportedOrOmittedWithAReason() async throws {
        try await TestApp.test { app in
            let naming = try await app.sql(
                """
                SELECT DISTINCT c.conrelid::regclass::text || '.' || a.attname FROM pg_constraint c
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                WHERE c.contype = 'f' AND c.confrelid IN ('accounts'::regclass, 'invoices'::regclass)
                UNION SELECT table_name || '.' || column_name FROM information_schema.columns
                WHERE table_schema = 'public' AND column_name IN ('account_id', 'person_id', 'subject_id', 'invoice_id')
                UNION SELECT 'accounts.id'
                """)
            #expect(naming.count > 30)
            let covered = Set(PersonalDataTables.exported.flatMap(\.covers))
            let omitted = Set(PersonalDataTables.omitted.map(\.what))
            for case let column? in naming {
                let name = String(column.split(separator: ".").last ?? "")
                #expect(
                    covered.contains(column) || omitted.contains(column) || PersonalDataTables.actorColumns.contains(name)
                        || Self.notAboutThePerson.contains(column),
                    "\(column) names a person but is neither exported nor omitted with a reason")
            }
        }
    }

    /// Columns that point at an invoice or a person but hold nothing about them beyond the link.
    static let notAboutThePerson: Set<String> = ["invoices.current_file_id"]
}
