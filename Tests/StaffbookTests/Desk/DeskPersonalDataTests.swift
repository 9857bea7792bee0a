import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

@Suite("Desk: personal data")
struct DeskPersonalDataTests {
    @Test func mePagesOfferTheOwnExportAndAnAdminDownloadsAPersonsWhileOthersCannot() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let me = try await jan.get("/desk/me")
            #expect(me.text.contains("href=\"/desk/me/export\"") && me.text.contains("Personal data"))
            let mine = try await jan.get("/desk/me/export")
            #expect(mine.status == .ok && mine.headers[.contentType] == "application/zip")
            #expect(mine.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"staffbook-personal-data-") == true)
            let read = try PersonalDataExportTests.read(mine)
            #expect(read.counts["profile.json"] == 1 && read.matching == read.files)

            let petra = try #require(
                try await app.sql("SELECT id::text FROM accounts WHERE email = 'petra.svobodova@staffbook.example'").first.flatMap { $0 })
            #expect(try await jan.get("/desk/people/\(petra)/export").status == .notFound, "not an admin")
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get("/desk/people/\(petra)")
            #expect(page.text.contains("href=\"/desk/people/\(petra)/export\""))
            let hers = try await admin.get("/desk/people/\(petra)/export")
            let read2 = try PersonalDataExportTests.read(hers)
            #expect(hers.status == .ok && read2.counts["profile.json"] == 1)
            #expect(try await admin.get("/desk/people/\(UUID())/export").status == .notFound)
        }
    }
}
