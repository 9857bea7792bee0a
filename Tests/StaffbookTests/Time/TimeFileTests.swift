import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Toggl and Clockify files")
struct TimeFileTests {
    typealias API = TimeAPI

    /// What makes two entries the same work, whoever holds them.
    struct Work: Equatable, Comparable {
        var project: String
        var start: String
        var end: String?
        var description: String
        var tags: [String]
        var billable: Bool
        init(_ entry: API.Entry) {
            (project, start, end, description, tags, billable) = (
                entry.project.id, entry.start, entry.end, entry.description, entry.tags, entry.billable
            )
        }
        static func < (a: Self, b: Self) -> Bool { a.start < b.start }
    }

    private func importFile(_ app: TestContext, _ csv: String, token: String, confirm: Bool) async throws -> TestResponse {
        try await app.client.execute(
            uri: "/v1/me/time-entries/import\(confirm ? "?confirm=true" : "")", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "text/csv"], body: ByteBuffer(string: csv)
        )
    }

    private func newcomer(_ app: TestContext, _ email: String) async throws -> String {
        let account = try await app.createAccount(email: email, firstName: "Tereza", lastName: "Malá")
        _ = try await app.sql("INSERT INTO team_members (team_id, account_id) VALUES ('\(Demo.mobileTeam)', '\(account.id)')")
        return try await app.signIn(email).accessToken
    }

    private func work(_ app: TestContext, token: String) async throws -> [Work] {
        try await app.send(.get, "/v1/me/time-entries?from=2026-11-02&to=2026-11-13&limit=100", token: token)
            .decode(API.Entries.self).items.map(Work.init).sorted()
    }

    @Test(arguments: ["toggl", "clockify"])
    func anExportImportedIntoAnotherAccountGivesTheSameEntriesAndASecondImportAddsNothing(format: String) async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let export = try await app.send(.get, "/v1/me/time-entries/export?format=\(format)&from=2026-11-02&to=2026-11-13", token: jan)
            let tereza = try await newcomer(app, "tereza.mala@staffbook.example")

            let preview = try await importFile(app, export.text, token: tereza, confirm: false).decode(API.ImportResult.self)
            let nothingYet = try await work(app, token: tereza)
            let confirmed = try await importFile(app, export.text, token: tereza, confirm: true).decode(API.ImportResult.self)
            let again = try await importFile(app, export.text, token: tereza, confirm: true).decode(API.ImportResult.self)

            #expect(export.status == .ok)
            #expect(export.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(export.headers[.contentDisposition]?.contains(".csv") == true)
            #expect(preview.format == format)
            #expect(!preview.confirmed)
            #expect(preview.lines == 20 && preview.imported == 20 && preview.hours == "75.00")
            #expect(preview.problems.isEmpty && preview.newProjects.isEmpty && preview.overlaps.isEmpty)
            #expect(nothingYet.isEmpty, "a preview writes nothing")
            #expect(confirmed.confirmed && confirmed.imported == 20)
            #expect(try await work(app, token: tereza) == (try await work(app, token: jan)))
            #expect(again.imported == 0 && again.alreadyThere == 20)
            #expect(try await work(app, token: tereza).count == 20)
        }
    }

    @Test func projectsAFileNamesThatDoNotExistAreCreatedOnlyWhenAnAdminImports() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let export = try await app.send(.get, "/v1/me/time-entries/export?format=toggl&from=2026-11-02&to=2026-11-06", token: jan).text
            let renamed = export.replacingOccurrences(of: "Mobilní bankovnictví", with: "Platební brána")
            let tereza = try await newcomer(app, "tereza.mala@staffbook.example")

            let byWorker = try await importFile(app, renamed, token: tereza, confirm: true).decode(API.ImportResult.self)
            let byAdmin = try await importFile(app, renamed, token: admin, confirm: true).decode(API.ImportResult.self)
            let created = try await app.sql("SELECT count(*)::text FROM projects WHERE name = 'Platební brána'")

            #expect(!byWorker.mayCreate)
            #expect(byWorker.newProjects.map(\.project) == ["Platební brána"])
            #expect(byWorker.imported == 5, "the internal lines go in")
            #expect(byWorker.problems.count == 5, "the unknown project's lines are refused")
            #expect(byAdmin.mayCreate && byAdmin.imported == 10 && byAdmin.problems.isEmpty)
            #expect(created == ["1"])
        }
    }

    @Test func aFileThatIsNotATimeExportIsRefusedAndBadLinesAreNamed() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let other = try await importFile(app, "Jméno,Částka\nJan,100\n", token: jan, confirm: false)
            let clockify = """
                Project,Client,Description,Task,User,Email,Tags,Billable,Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal)
                Interní,Staffbook (interní),Porada,,Jan Novák,jan.novak@staffbook.example,,No,16/11/2026,09:00:00,16/11/2026,10:00:00,01:00:00,1.00
                Interní,Staffbook (interní),Zítra,,Jan Novák,jan.novak@staffbook.example,,No,30/11/2026,09:00:00,30/11/2026,10:00:00,01:00:00,1.00
                Interní,Staffbook (interní),Nesmysl,,Jan Novák,jan.novak@staffbook.example,,No,včera,09:00:00,včera,10:00:00,01:00:00,1.00
                Interní,Staffbook (interní),Slepené,,Jan Novák,jan.novak@staffbook.example,,No,13/11/2026,10:00:00,13/11/2026,11:00:00,01:00:00,1.00
                """
            let preview = try await importFile(app, clockify, token: jan, confirm: false).decode(API.ImportResult.self)

            #expect(other.status == .unprocessableContent)
            #expect(other.problem?.type == "urn:staffbook:problem:not-a-time-file")
            #expect(preview.lines == 4)
            #expect(preview.imported == 1, "16 November, day first")
            #expect(preview.problems.map(\.line) == [3, 4], "\(preview.problems)")
            #expect(preview.problems.first?.reason == "in the future")
            #expect(preview.overlaps.map(\.line) == [5])
        }
    }
}
