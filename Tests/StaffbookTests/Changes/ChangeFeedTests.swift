import Foundation
import HTTPTypes
import HummingbirdTesting
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

/// The changes feed an offline app syncs from: everything of the caller's that changed since a
/// cursor, tombstones included, in order, the same for every device reading from one cursor.
@Suite("Changes feed")
struct ChangeFeedTests {
    struct Item: Decodable, Equatable {
        struct Data: Decodable, Equatable {
            var id: String?
            var personId: String?
            var description: String?
            var kind: String?
            var state: String?
        }

        var type: String
        var resource: String
        var id: String
        var deleted: Bool
        var data: Data
    }

    struct List: Decodable, Equatable {
        var items: [Item]
        var next: String
        var more: Bool
    }

    static func read(_ app: TestContext, _ token: String, _ path: String = "/v1/me/changes", since: String?, limit: Int? = nil) async throws
        -> List
    {
        var query: [String] = []
        if let since { query.append("since=\(since)") }
        if let limit { query.append("limit=\(limit)") }
        let response = try await app.send(.get, path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(List.self)
    }

    @Test func aDeviceFollowsAnEntryCreatedEditedAndDeletedAndAnAbsenceCancelledAndASecondDeviceReadsTheSame() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let start = try await Self.read(app, jan, since: nil)
            #expect(start.items.isEmpty && !start.more)

            let created = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let entry = try created.decode(TimeAPI.Entry.self).id
            let edited = try await app.send(
                .patch, "/v1/me/time-entries/\(entry)", token: jan, json: #"{"description":"Review"}"#,
                headers: [.ifMatch: try #require(created.headers[.eTag])])
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let deleted = try await app.send(
                .delete, "/v1/me/time-entries/\(entry)", token: jan, headers: [.ifMatch: try #require(edited.headers[.eTag])])
            #expect(deleted.status == .noContent)
            let asked = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-08"))
            let absence = try asked.decode(AbsenceTests.Absence.self).id
            let cancelled = try await app.send(.post, "/v1/absences/\(absence)/cancel", token: jan)
            #expect(cancelled.status == .ok, "\(cancelled.text)")

            let phone = try await Self.read(app, jan, since: start.next)
            #expect(
                phone.items.map(\.type) == [
                    "time_entry.created", "time_entry.updated", "time_entry.deleted", "absence.requested", "absence.cancelled",
                ])
            #expect(phone.items.map(\.id) == [entry, entry, entry, absence, absence])
            #expect(phone.items[1].data.description == "Review")
            #expect(phone.items[2].deleted && phone.items[2].data == .init(id: entry, personId: Demo.janNovak.lowercasedString))
            #expect(!phone.more)
            let laptop = try await Self.read(app, jan, since: start.next)
            #expect(laptop == phone, "two devices from one cursor read the same")
            #expect(try await Self.read(app, jan, since: phone.next).items.isEmpty, "nothing new after the last cursor")

            // Paged: the same changes, two at a time.
            var cursor = start.next
            var paged: [Item] = []
            for _ in 0..<5 {
                let page = try await Self.read(app, jan, since: cursor, limit: 2)
                paged += page.items
                cursor = page.next
                if !page.more { break }
            }
            #expect(paged == phone.items)
            // Petra's feed has her entry only.
            #expect(try await Self.read(app, petra, since: start.next).items.map(\.type) == ["time_entry.created"])
        }
    }

    @Test func aCursorOlderThanTheKeptHistoryAnswers410AndAMalformedOneAnswers400() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            var jan = try await app.token("jan.novak@staffbook.example")
            let start = try await Self.read(app, jan, since: nil)
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let later = try await Self.read(app, jan, since: start.next)
            #expect(later.items.count == 1)

            // Forty days on, housekeeping forgets what is older than thirty.
            app.clock.advance(by: 40 * 24 * 3600)
            _ = try await app.sql("UPDATE events SET occurred_at = occurred_at - interval '40 days'")
            let forgotten = try await app.withDatabase { pool in
                try await PostgresChangeFeed(database: pool, logger: TestDatabase.logger).prune(
                    before: app.clock.now().addingTimeInterval(-ChangeRetention.kept))
            }
            #expect(forgotten > 0)
            jan = try await app.token("jan.novak@staffbook.example")
            let expired = try await app.send(.get, "/v1/me/changes?since=\(start.next)", token: jan)
            #expect(expired.status == .gone && expired.problem?.type == "urn:staffbook:problem:cursor-expired", "\(expired.text)")
            #expect(try await Self.read(app, jan, since: later.next).items.isEmpty, "a cursor at the kept edge still reads")
            for bad in ["abc", "-1", "99999999999999999999", "1e3"] {
                let refused = try await app.send(.get, "/v1/me/changes?since=\(bad)", token: jan)
                #expect(refused.status == .badRequest, "\(bad): \(refused.text)")
            }
            let future = try await app.send(.get, "/v1/me/changes?since=9000000000", token: jan)
            #expect(future.status == .gone, "a cursor this feed never gave")
        }
    }

    @Test func aLeadersTeamFeedHasTheMembersChangesWithAPrivateKindAsAwayAndAnotherTeamsIsHidden() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let ondrej = try await app.token("ondrej.chalupa@staffbook.example")
            let teamPath = "/v1/teams/\(Demo.mobileTeam)/changes"
            let start = try await Self.read(app, lead, teamPath, since: nil)
            let sick = try await app.send(.post, "/v1/me/absences", token: jan, json: AbsenceTests.request("sick", "2026-11-17", "2026-11-18"))
            #expect(sick.status == .created, "\(sick.text)")
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: ondrej, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))

            let team = try await Self.read(app, lead, teamPath, since: start.next)
            #expect(team.items.map(\.resource) == ["absence"], "Ondřej is in Web, not Mobile")
            #expect(team.items.first?.data.kind == "away" && team.items.first?.data.personId == Demo.janNovak.lowercasedString)
            let own = try await Self.read(app, jan, since: start.next)
            #expect(own.items.first?.data.kind == "sick", "the person sees their own kind")
            let other = try await app.send(.get, "/v1/teams/\(Demo.webTeam)/changes", token: lead)
            #expect(other.status == .notFound)
            #expect(try await app.send(.get, teamPath, token: jan).status == .notFound)
        }
    }

    /// Fifth probe, finding 6: a leader's team feed carried the members' invoices (amount, state,
    /// the admin's reason for a return) while the leader got 404 for the invoice, and a personal
    /// key with only `time:read` read its person's invoice amounts the same way. A feed carries
    /// what its reader reads through the API.
    @Test(.tags(.fifthProbe)) func aFeedCarriesOnlyWhatItsReaderReadsThroughTheAPI() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let timeKey = try await app.personalToken("jan.novak@staffbook.example", scopes: ["time:read"])
            let invoiceKey = try await app.personalToken("jan.novak@staffbook.example", scopes: ["time:read", "invoices:read"])
            let teamPath = "/v1/teams/\(Demo.mobileTeam)/changes"
            let starts = (
                lead: try await Self.read(app, lead, teamPath, since: nil).next, admin: try await Self.read(app, admin, teamPath, since: nil).next,
                timeKey: try await Self.read(app, timeKey, since: nil).next, invoiceKey: try await Self.read(app, invoiceKey, since: nil).next
            )
            #expect(try await app.upload("2026-11", token: jan).status == .created)
            _ = try await app.send(
                .post, "/v1/me/time-entries", token: jan, json: TimeAPI.json(projectId: Demo.internalProject, "2026-11-15", "20:00", "21:00"))
            let invoice = try #require(try await app.sql("SELECT id::text FROM invoices WHERE account_id = '\(Demo.janNovak)' AND period = '2026-11-01'").first ?? nil)
            #expect(try await app.send(.get, "/v1/invoices/\(invoice)", token: lead).status == .notFound, "the leader reads no member's invoice")

            let leaders = try await Self.read(app, lead, teamPath, since: starts.lead).items.map(\.resource)
            let admins = try await Self.read(app, admin, teamPath, since: starts.admin).items.map(\.resource)
            let timeOnly = try await Self.read(app, timeKey, since: starts.timeKey).items.map(\.resource)
            let withInvoices = try await Self.read(app, invoiceKey, since: starts.invoiceKey).items.map(\.resource)
            #expect(!leaders.contains("invoice") && leaders.contains("time_entry"), "\(leaders)")
            #expect(admins.contains("invoice") && admins.contains("time_entry"), "\(admins)")
            #expect(!timeOnly.contains("invoice") && timeOnly.contains("time_entry"), "a time:read key: \(timeOnly)")
            #expect(withInvoices.contains("invoice") && withInvoices.contains("time_entry"), "\(withInvoices)")
        }
    }
}
