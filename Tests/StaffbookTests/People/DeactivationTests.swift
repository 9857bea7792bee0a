import Foundation
import HTTPTypes
import Testing

@testable import StaffbookCore

/// What a deactivation ends stays ended when the account comes back: sessions, personal access
/// tokens, calendar feeds, and file links signed before it. A reactivated person makes new ones.
@Suite("People: deactivation ends every way in")
struct DeactivationTests {
    struct Feed: Decodable { var url: String }
    struct Link: Decodable { var url: String }

    @Test(.tags(.fourthProbe))
    func aReactivatedAccountGetsBackNoTokenFeedOrFileLinkMadeBeforeItsDeactivation() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let key = try await app.personalToken("jan.novak@staffbook.example", scopes: ["timer"])
            let feed = try await app.send(.post, "/v1/me/calendar-feeds", token: jan, json: "{}").decode(Feed.self)
            let invoice = Demo.invoiceId(Demo.janNovak, "2026-09-01")
            let link = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: jan, json: #"{"expiresInSeconds":604800}"#)
                .decode(Link.self)
            let before = [
                try await app.send(.get, "/v1/me/timer", token: key).status, try await app.execute(feed.url).status,
                try await app.execute(link.url).status,
            ]

            let deactivated = try await app.send(.post, "/v1/users/\(Demo.janNovak)/deactivate", token: admin)
            app.clock.advance(by: 60)
            let reactivated = try await app.send(.post, "/v1/users/\(Demo.janNovak)/reactivate", token: admin)
            let after = [
                try await app.send(.get, "/v1/me/timer", token: key).status, try await app.execute(feed.url).status,
                try await app.execute(link.url).status,
            ]
            let signedInAgain = try await app.token("jan.novak@staffbook.example")
            let newLink = try await app.send(.post, "/v1/invoices/\(invoice)/file-links", token: signedInAgain).decode(Link.self)
            let newLinkOpens = try await app.execute(newLink.url).status
            let revoked = try await app.sql(
                """
                SELECT (SELECT count(*) FROM personal_access_tokens WHERE account_id = '\(Demo.janNovak)' AND revoked_at IS NULL)::text
                    || '/' || (SELECT count(*) FROM calendar_feeds WHERE account_id = '\(Demo.janNovak)' AND revoked_at IS NULL)::text
                """)

            #expect(before == [.ok, .ok, .ok])
            #expect(deactivated.status == .ok && reactivated.status == .ok, "\(deactivated.text) \(reactivated.text)")
            #expect(after == [.unauthorized, .notFound, .notFound], "the token, the feed and the link stay dead")
            #expect(revoked == ["0/0"])
            #expect(newLinkOpens == .ok, "a link made after the reactivation opens")
        }
    }
}
