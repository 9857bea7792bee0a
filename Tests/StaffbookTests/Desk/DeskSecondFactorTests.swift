import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

@Suite("Desk: a second factor")
struct DeskSecondFactorTests {
    @Test func aPersonSetsUpAFactorOnMeAndTheNextSignInAsksForItsCode() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            let me = try await jan.get("/desk/me")
            #expect(me.text.contains("Your password alone signs you in.") && me.text.contains("Set up a second factor"))
            let started = try await jan.post("/desk/me/second-factor", ["csrf": jan.token(of: me)])
            let shown = try await jan.get(started.headers[.location] ?? "")
            let secret = try #require(Self.secret(in: shown.text))
            #expect(started.status == .seeOther && shown.status == .ok && shown.text.contains("<svg") && shown.text.contains("role=\"img\""))

            let wrong = try await jan.post("/desk/me/second-factor/confirm", ["csrf": jan.token(of: shown), "code": "000000"])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("The code was not accepted") && wrong.text.contains("<svg"))
            let confirmed = try await jan.post(
                "/desk/me/second-factor/confirm", ["csrf": jan.token(of: shown), "code": SecondFactorTests.code(secret, app.clock.now())])
            #expect(confirmed.status == .ok && confirmed.text.contains("Your second factor is on.") && confirmed.text.components(separatedBy: "<li><code>").count == 11)

            let other = DeskBrowser(app)
            let asked = try await other.signIn("jan.novak@staffbook.example")
            #expect(asked.status == .seeOther && asked.headers[.location] == "/desk/sign-in/code" && other.cookies["sb_desk"] == nil)
            let codePage = try await other.get("/desk/sign-in/code")
            #expect(codePage.text.contains("Type the six digits your authenticator app shows now"))
            let refused = try await other.post("/desk/sign-in/code", ["csrf": other.token(of: codePage), "code": "000000"])
            #expect(refused.status == .unauthorized && refused.text.contains("The code was not accepted"), "the same words as the API")
            app.clock.advance(by: 30)
            let signedIn = try await other.post(
                "/desk/sign-in/code", ["csrf": other.token(of: refused), "code": SecondFactorTests.code(secret, app.clock.now())])
            #expect(signedIn.status == .seeOther && other.cookies["sb_desk"] != nil && other.cookies["sb_desk_challenge"] == nil)
            let after = try await other.get("/desk/me")
            #expect(after.text.contains("On: a password sign-in also asks for a code") && after.text.contains("Unused recovery codes: 10"))
        }
    }

    @Test func anAdminWithoutAFactorIsShownOneToScanAndTheFirstCodeSignsThemIn() async throws {
        try await TestApp.test(configure: { $0.auth.adminSecondFactor = .required }) { app in
            try await app.seedDemo()
            let admin = DeskBrowser(app)
            let asked = try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get(asked.headers[.location] ?? "")
            let secret = try #require(Self.secret(in: page.text))
            #expect(page.text.contains("Admins sign in with a second factor") && page.text.contains("<svg"))
            let invoices = try await admin.get("/desk/invoices")
            #expect(invoices.status == .seeOther, "nothing else opens before the code")
            let done = try await admin.post(
                "/desk/sign-in/code", ["csrf": admin.token(of: page), "code": SecondFactorTests.code(secret, app.clock.now())])
            #expect(done.status == .ok && done.text.contains("Recovery codes") && admin.cookies["sb_desk"] != nil)
            #expect(try await admin.get("/desk/invoices").status == .ok)
        }
    }

    @Test func anAdminRemovesAnothersFactorFromTheirPageAndItIsAudited() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = DeskBrowser(app)
            try await jan.signIn("jan.novak@staffbook.example")
            _ = try await jan.post("/desk/me/second-factor", ["csrf": jan.token(of: try await jan.get("/desk/me"))])
            let admin = DeskBrowser(app)
            try await admin.signIn("admin@staffbook.example")
            let page = try await admin.get("/desk/people/\(Demo.janNovak)")
            #expect(page.text.contains("Remove their second factor"))
            let removed = try await admin.post("/desk/people/\(Demo.janNovak)/second-factor/reset", ["csrf": admin.token(of: page)])
            let after = try await admin.get(removed.headers[.location] ?? "")
            #expect(removed.status == .seeOther && !after.text.contains("Remove their second factor") && after.text.contains("second factor: reset"))
            let own = try await admin.get("/desk/people/\(Demo.admin)")
            #expect(!own.text.contains("Remove their second factor"), "never their own")
        }
    }

    /// The secret as the page groups it for typing, without its spaces.
    static func secret(in html: String) -> [UInt8]? {
        guard let range = html.range(of: "<code class=\"secret\">") else { return nil }
        let grouped = html[range.upperBound...].prefix { $0 != "<" }
        return SecondFactorTests.base32Decode(grouped.replacingOccurrences(of: " ", with: ""))
    }
}
