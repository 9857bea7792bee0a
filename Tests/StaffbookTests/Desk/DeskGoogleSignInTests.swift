import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import StaffbookCore
@testable import StaffbookHTTP

/// Signing in to the desk with Google through real HTTP, Google played by the tests' own key:
/// the way out to Google, Google's post back, the page of ours that sends the token on, and the
/// session; a token minted for another sign-in, or an answer without this browser's cookie, is
/// refused.
@Suite("Desk: Google sign-in")
struct DeskGoogleSignInTests {
    /// Starts a sign-in and returns the state and nonce the desk sent Google.
    private func start(_ browser: DeskBrowser, next: String) async throws -> (state: String, nonce: String, location: String) {
        let out = try await browser.get("/desk/sign-in/google?next=" + next)
        let location = try #require(out.headers[.location])
        let items = URLComponents(string: location)?.queryItems ?? []
        let value = { (name: String) in items.first { $0.name == name }?.value ?? "" }
        return (value("state"), value("nonce"), location)
    }

    @Test func googlePostsATokenBackAndTheDeskSignsInWithItAsTheAPIWould() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            let signIn = try await browser.get("/desk/sign-in?next=/desk/people")
            let (state, nonce, location) = try await start(browser, next: "/desk/people")
            var claims = GoogleTestTokens.Claims(email: "admin@staffbook.example", now: app.clock.now())
            claims.nonce = nonce
            let token = try await GoogleTestTokens.token(claims)

            let answered = try await browser.post("/desk/sign-in/google", ["id_token": token, "state": state])
            let signedIn = try await browser.post("/desk/sign-in/google/continue", ["id_token": token, "state": state])
            let people = try await browser.get(signedIn.headers[.location] ?? "")
            let sessions = try await app.sql("SELECT client_description FROM sessions WHERE revoked_at IS NULL AND client_description LIKE 'Desk:%'")

            #expect(signIn.text.contains("href=\"/desk/sign-in/google?next=/desk/people\""))
            #expect(location.hasPrefix("https://accounts.google.com/o/oauth2/v2/auth?"))
            for part in [
                "client_id=\(GoogleTestTokens.clientId)", "hd=staffbook.test", "response_type=id_token", "response_mode=form_post",
                "scope=openid%20email",
            ] {
                #expect(location.contains(part), "\(part)")
            }
            #expect(location.contains("redirect_uri=http%3A%2F%2F") && location.contains("%2Fdesk%2Fsign-in%2Fgoogle&"), "\(location)")
            #expect(state.count >= 40 && nonce.count >= 40 && state != nonce)
            #expect(answered.status == .ok && answered.text.contains("action=\"/desk/sign-in/google/continue\""))
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/desk/people")
            #expect(signedIn.headers[values: .setCookie].contains { $0.hasPrefix("sb_desk=") && $0.contains("HttpOnly") })
            #expect(people.status == .ok && people.text.contains("Alena Dvořáková"))
            #expect(sessions.count == 1)
        }
    }

    @Test func aTokenForAnotherSignInOrAnAnswerWithoutThisBrowsersCookieIsRefused() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let browser = DeskBrowser(app)
            let (state, _, _) = try await start(browser, next: "/desk")
            var claims = GoogleTestTokens.Claims(email: "admin@staffbook.example", now: app.clock.now())
            claims.nonce = "a-nonce-of-someone-elses-sign-in"
            let foreign = try await GoogleTestTokens.token(claims)
            claims.nonce = nil
            let bare = try await GoogleTestTokens.token(claims)

            let wrongNonce = try await browser.post("/desk/sign-in/google/continue", ["id_token": foreign, "state": state])
            let (again, _, _) = try await start(browser, next: "/desk")
            let noNonce = try await browser.post("/desk/sign-in/google/continue", ["id_token": bare, "state": again])
            let stranger = DeskBrowser(app)
            let noCookie = try await stranger.post("/desk/sign-in/google/continue", ["id_token": foreign, "state": state])
            let (third, _, _) = try await start(browser, next: "/desk")
            let wrongState = try await browser.post("/desk/sign-in/google/continue", ["id_token": foreign, "state": third + "x"])
            let googleSaidNo = try await browser.post("/desk/sign-in/google", ["error": "access_denied", "state": third])

            #expect(wrongNonce.status == .unauthorized && wrongNonce.text.contains("The Google ID token was not accepted."))
            #expect(noNonce.status == .unauthorized)
            #expect(noCookie.status == .forbidden && wrongState.status == .forbidden)
            #expect(googleSaidNo.status == .badRequest && googleSaidNo.text.contains("Google did not sign you in"))
            #expect(browser.cookies["sb_desk"] == nil && stranger.cookies["sb_desk"] == nil)
            #expect(try await app.sql("SELECT count(*)::text FROM sessions") == ["0"])
        }
    }
}
