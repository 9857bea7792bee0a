import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Absences: calendar feeds a phone subscribes to, and everyone's calendar")
struct CalendarFeedTests {
    struct Feed: Decodable { var id: String; var teamId: String?; var url: String }
    struct Feeds: Decodable { var items: [Feed] }

    /// Asks for time off as the person and, when it needs a decision, has the admin approve it.
    static func take(
        _ app: TestContext, token: String, admin: String, _ kind: String, _ first: String, _ last: String, part: String? = nil,
        hours: String? = nil, approve: Bool = true
    ) async throws -> AbsenceTests.Absence {
        let asked = try await app.send(
            .post, "/v1/me/absences", token: token, json: AbsenceTests.request(kind, first, last, part: part, hours: hours))
        #expect(asked.status == .created, "\(kind) \(first): \(asked.text)")
        let absence = try asked.decode(AbsenceTests.Absence.self)
        guard approve, absence.state == "requested" else { return absence }
        return try await app.send(.post, "/v1/absences/\(absence.id)/approve", token: admin).decode(AbsenceTests.Absence.self)
    }

    @Test func aPersonsFeedReadByAnOutsideParserHasEveryKindWholeDaysAllDayAndHalfDaysInPragueTimeAcrossSummerTime() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let christmas = try await Self.take(app, token: katerina, admin: admin, "vacation", "2026-12-21", "2026-12-28")
            let sick = try await Self.take(app, token: katerina, admin: admin, "sick", "2026-11-05", "2026-11-06")
            let doctor = try await Self.take(app, token: katerina, admin: admin, "doctor", "2026-12-01", "2026-12-01", part: "hours", hours: "2.5")
            let unpaid = try await Self.take(app, token: katerina, admin: admin, "unpaid", "2027-02-01", "2027-02-02", approve: false)
            let other = try await Self.take(app, token: katerina, admin: admin, "other", "2027-02-10", "2027-02-10")
            // Summer time starts on Sunday 28 March 2027 (Easter: Friday and Monday are holidays) and ends
            // on Sunday 31 October 2027.
            let beforeSpring = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-03-25", "2027-03-25", part: "morning")
            let afterSpring = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-03-30", "2027-03-30", part: "afternoon")
            let beforeAutumn = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-10-29", "2027-10-29", part: "morning")
            let afterAutumn = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-11-01", "2027-11-01", part: "morning")
            let rejected = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-05-03", "2027-05-03", approve: false)
            _ = try await app.send(.post, "/v1/absences/\(rejected.id)/reject", token: admin, json: #"{"reason":"Release"}"#)

            let created = try await app.send(.post, "/v1/me/calendar-feeds", token: katerina, json: "{}")
            let feed = try created.decode(Feed.self)
            let response = try await app.execute(feed.url)
            let calendar = try ICalendarReader.read(Data(response.text.utf8))
            let byId = Dictionary(uniqueKeysWithValues: calendar.events.map { ($0.uid, $0) })
            func event(_ absence: AbsenceTests.Absence) throws -> ICalendarReader.Event { try #require(byId["\(absence.id)@staffbook"]) }
            func day(_ text: String) -> ICalendarReader.Moment { .init(allDay: true, date: text) }
            func at(_ utc: String) -> ICalendarReader.Moment { .init(allDay: false, utc: utc, utcByFeedZone: utc) }

            #expect(created.status == .created)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8", "a generic client reads Czech right")
            #expect(calendar.name == "Staffbook: Kateřina Nováková – nepřítomnosti", "Kateřina reads Czech")
            #expect(calendar.events.count == 9, "the rejected request is not in the feed")
            // Whole days are all-day events whose end is the day after the last.
            #expect(try event(christmas).start == day("2026-12-21") && event(christmas).end == day("2026-12-29"))
            #expect(try event(christmas).summary == "Dovolená" && event(christmas).status == "CONFIRMED")
            #expect(try event(christmas).transp == "OPAQUE")
            #expect(try event(sick).summary == "Nemoc" && event(sick).end == day("2026-11-07"))
            #expect(try event(doctor).summary == "Návštěva lékaře (2.5 h)" && event(doctor).start == day("2026-12-01"))
            #expect(try event(unpaid).summary == "Neplacené volno (čeká na schválení)" && event(unpaid).status == "TENTATIVE")
            #expect(try event(other).summary == "Jiná překážka (veřejná služba)")
            // A morning is 08:00–12:00 and an afternoon 12:00–16:00 in Prague: UTC+1 in winter, +2 in summer.
            #expect(try event(beforeSpring).start == at("2027-03-25T07:00:00+00:00") && event(beforeSpring).end == at("2027-03-25T11:00:00+00:00"))
            #expect(try event(afterSpring).start == at("2027-03-30T10:00:00+00:00") && event(afterSpring).end == at("2027-03-30T14:00:00+00:00"))
            #expect(try event(beforeAutumn).start == at("2027-10-29T06:00:00+00:00"))
            #expect(try event(afterAutumn).start == at("2027-11-01T07:00:00+00:00"))
        }
    }

    @Test func aTeamFeedIsForItsLeadersAndAdminsNamesEachPersonAndStopsWhenRevokedOrWhenTheOwnerNoLongerLeads() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            _ = try await Self.take(app, token: petra, admin: admin, "vacation", "2027-04-12", "2027-04-16")
            _ = try await Self.take(app, token: jan, admin: admin, "vacation", "2027-04-19", "2027-04-19", approve: false)

            let byMember = try await app.send(.post, "/v1/me/calendar-feeds", token: petra, json: #"{"teamId":"\#(Demo.mobileTeam)"}"#)
            let otherTeam = try await app.send(.post, "/v1/me/calendar-feeds", token: lead, json: #"{"teamId":"\#(Demo.webTeam)"}"#)
            let unknownTeam = try await app.send(.post, "/v1/me/calendar-feeds", token: admin, json: #"{"teamId":"\#(UUID())"}"#)
            let badTeam = try await app.send(.post, "/v1/me/calendar-feeds", token: lead, json: #"{"teamId":"mobile"}"#)
            let feed = try await app.send(.post, "/v1/me/calendar-feeds", token: lead, json: #"{"teamId":"\#(Demo.mobileTeam)"}"#)
                .decode(Feed.self)
            let second = try await app.send(.post, "/v1/me/calendar-feeds", token: lead, json: #"{"teamId":"\#(Demo.mobileTeam)"}"#)
                .decode(Feed.self)
            let calendar = try ICalendarReader.read(Data(try await app.execute(feed.url).text.utf8))
            let listed = try await app.send(.get, "/v1/me/calendar-feeds", token: lead).decode(Feeds.self)
            let revokedByOther = try await app.send(.delete, "/v1/me/calendar-feeds/\(feed.id)", token: petra)
            let revoked = try await app.send(.delete, "/v1/me/calendar-feeds/\(feed.id)", token: lead)
            let afterRevoke = try await app.execute(feed.url)
            let secondBefore = try await app.execute(second.url)
            _ = try await app.sql("UPDATE team_members SET is_leader = false WHERE team_id = '\(Demo.mobileTeam)' AND account_id = '\(Demo.mobileLead)'")
            let secondAfter = try await app.execute(second.url)
            var forged = Array(second.url)
            forged[forged.count - 3] = forged[forged.count - 3] == "A" ? "B" : "A"
            let altered = try await app.execute(String(forged))

            #expect([byMember.status, otherTeam.status, unknownTeam.status] == [.notFound, .notFound, .notFound])
            #expect(badTeam.status == .badRequest && badTeam.problem?.errors?.map(\.field) == ["body.teamId"])
            #expect(calendar.name == "Staffbook: Mobile – nepřítomnosti")
            #expect(calendar.events.map(\.summary) == ["Petra Svobodová: Dovolená", "Jan Novák: Dovolená (čeká na schválení)"])
            #expect(calendar.events.allSatisfy { $0.transp == "TRANSPARENT" }, "a colleague's time off does not make the subscriber busy")
            #expect(Set(listed.items.map(\.id)) == [second.id, feed.id] && listed.items.allSatisfy { $0.teamId == Demo.mobileTeam.lowercasedString })
            #expect(revokedByOther.status == .notFound && revoked.status == .noContent)
            #expect(afterRevoke.status == .notFound && afterRevoke.problem?.type == "urn:staffbook:problem:not-found")
            #expect(secondBefore.status == .ok && secondAfter.status == .notFound, "the owner no longer leads Mobile")
            #expect(altered.status == .notFound)
            #expect(try await app.sql("SELECT action FROM audit_log WHERE entity = 'calendar_feed' ORDER BY id") == ["create", "create", "revoke"])
        }
    }

    /// Fifth probe, finding 15: calendar feeds per person were unbounded. Twenty live at most.
    @Test(.tags(.fifthProbe)) func aPersonHasAtMostTwentyLiveFeedsAndARevokedOneMakesRoom() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            struct Feed: Decodable { var id: String }
            var made: [String] = []
            for _ in 0..<20 {
                let answer = try await app.send(.post, "/v1/me/calendar-feeds", token: jan, json: "{}")
                #expect(answer.status == .created)
                made.append(try answer.decode(Feed.self).id)
            }
            let refused = try await app.send(.post, "/v1/me/calendar-feeds", token: jan, json: "{}")
            #expect(refused.status == .conflict && refused.problem?.detail.contains("calendar feeds allowed (20)") == true, "\(refused.text)")
            #expect(try await app.send(.delete, "/v1/me/calendar-feeds/\(made[0])", token: jan).status == .noContent)
            #expect(try await app.send(.post, "/v1/me/calendar-feeds", token: jan, json: "{}").status == .created)
        }
    }

    @Test func aFeedsURLIsNotInTheRequestLog() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let feed = try await app.send(.post, "/v1/me/calendar-feeds", token: jan, json: #"{"teamId":null}"#).decode(Feed.self)
            let token = String(feed.url.split(separator: "/").last ?? "")

            #expect(feed.teamId == nil, "a null team is one's own time off")
            #expect(token.count == 64)
            #expect(LoggedPath.redacted(feed.url) == "/v1/calendar-feeds/…")
            #expect(LoggedPath.redacted("/v1/me/calendar-feeds/\(feed.id)") == "/v1/me/calendar-feeds/\(feed.id)")
        }
    }

    @Test func anAdminSeesEveryonesCalendarForAtMostAQuarter() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            _ = try await Self.take(app, token: petra, admin: admin, "vacation", "2027-04-12", "2027-04-16")
            _ = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-04-14", "2027-04-14", part: "morning", approve: false)
            _ = try await Self.take(app, token: katerina, admin: admin, "vacation", "2027-06-01", "2027-06-01")

            let april = try await app.send(.get, "/v1/absences?from=2027-04-01&to=2027-04-30", token: admin).decode(AbsenceTests.List.self)
            let tooLong = try await app.send(.get, "/v1/absences?from=2027-01-01&to=2027-06-30", token: admin)
            let byLeader = try await app.send(.get, "/v1/absences?from=2027-04-01&to=2027-04-30", token: try await app.token("lead.mobile@staffbook.example"))

            #expect(april.items.map { "\($0.personName ?? "") \($0.firstDay) \($0.state)" } == [
                "Petra Svobodová 2027-04-12 approved", "Kateřina Nováková 2027-04-14 requested",
            ])
            #expect(tooLong.status == .badRequest)
            #expect(byLeader.status == .notFound, "everyone's calendar is for admins")
        }
    }

    /// Sick leave is the person's business: a leader's team feed and team calendar show "away"
    /// without the note; the person's own feed and an admin's calendar show the kind.
    @Test func aLeadersFeedShowsASickDayAsAwayAndThePersonsOwnShowsTheKind() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let asked = try await app.send(
                .post, "/v1/me/absences", token: petra,
                json: #"{"kind":"sick","firstDay":"2026-11-05","lastDay":"2026-11-06","note":"Chřipka"}"#)
            #expect(asked.status == .created, "\(asked.text)")

            let teamFeed = try await app.send(.post, "/v1/me/calendar-feeds", token: lead, json: #"{"teamId":"\#(Demo.mobileTeam)"}"#)
                .decode(Feed.self)
            let ownFeed = try await app.send(.post, "/v1/me/calendar-feeds", token: petra, json: "{}").decode(Feed.self)
            let team = try ICalendarReader.read(Data(try await app.execute(teamFeed.url).text.utf8))
            let own = try ICalendarReader.read(Data(try await app.execute(ownFeed.url).text.utf8))
            let leadersCalendar = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/absences?from=2026-11-01&to=2026-11-30", token: lead)
            let adminsCalendar = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/absences?from=2026-11-01&to=2026-11-30", token: admin)

            let teamSummaries = team.events.map(\.summary).filter { $0.contains("Petra") }
            #expect(!teamSummaries.isEmpty && teamSummaries.allSatisfy { !$0.contains("Nemoc") && !$0.contains("Sick") }, "\(teamSummaries)")
            #expect(teamSummaries.allSatisfy { $0.contains("Nepřítomnost") || $0.contains("Away") }, "\(teamSummaries)")
            #expect(own.events.map(\.summary).contains("Nemoc") || own.events.map(\.summary).contains("Sick leave"), "\(own.events.map(\.summary))")
            #expect(leadersCalendar.text.contains(#""kind":"away""#) && !leadersCalendar.text.contains("Chřipka"), "\(leadersCalendar.text)")
            #expect(adminsCalendar.text.contains(#""kind":"sick""#))
        }
    }
}
