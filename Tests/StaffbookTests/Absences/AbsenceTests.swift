import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Absences: time off requested by a person and decided by a leader of their team")
struct AbsenceTests {
    struct Absence: Decodable {
        var id: String; var personId: String; var personName: String?; var kind: String; var firstDay: String; var lastDay: String
        var part: String; var workingDays: String; var state: String; var reason: String?; var decidedBy: String?
    }
    struct List: Decodable { var items: [Absence] }

    static func request(_ kind: String, _ first: String, _ last: String, part: String? = nil, hours: String? = nil) -> String {
        let part = part.map { #","part":"\#($0)""# } ?? ""
        let hours = hours.map { #","hours":"\#($0)""# } ?? ""
        return #"{"kind":"\#(kind)","firstDay":"\#(first)","lastDay":"\#(last)"\#(part)\#(hours)}"#
    }

    @Test func aVacationSpanningAWeekendAndChristmasCountsOnlyItsWorkingDays() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            // Mon 21 – Mon 28 December 2026: the 24th, 25th and 26th are public holidays, the 26th
            // and 27th a weekend; 21, 22, 23 and 28 are working days.
            let response = try await app.send(.post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2026-12-21", "2026-12-28"))
            let week = try response.decode(Absence.self)
            let half = try await app.send(
                .post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2026-12-30", "2026-12-30", part: "afternoon")
            ).decode(Absence.self)
            let mine = try await app.send(.get, "/v1/me/absences?from=2026-12-01&to=2026-12-31", token: petra).decode(List.self)

            #expect(response.status == .created, "\(response.text)")
            #expect(week.workingDays == "4.00")
            #expect(week.state == "requested")
            #expect(half.workingDays == "0.50")
            #expect(mine.items.map(\.id) == [half.id, week.id], "newest first")
        }
    }

    @Test func aLeaderOfThePersonsTeamDecidesAndAnotherTeamsLeaderIsToldItDoesNotExist() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let backend = try await app.token("lukas.cermak@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let asked = try await app.send(.post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2027-01-11", "2027-01-15"))
                .decode(Absence.self)
            let other = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: backend)
            let herself = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: petra)
            let calendar = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/absences?from=2027-01-01&to=2027-01-31", token: lead)
                .decode(List.self)
            let otherCalendar = try await app.send(.get, "/v1/teams/\(Demo.mobileTeam)/absences?from=2027-01-01&to=2027-01-31", token: backend)
            let approved = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: lead).decode(Absence.self)
            let leaderCancels = try await app.send(.post, "/v1/absences/\(asked.id)/cancel", token: lead, json: #"{"reason":"x"}"#)
            let adminWithout = try await app.send(.post, "/v1/absences/\(asked.id)/cancel", token: admin)
            let cancelled = try await app.send(.post, "/v1/absences/\(asked.id)/cancel", token: admin, json: #"{"reason":"Projekt"}"#)
                .decode(Absence.self)
            let late = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: lead, headers: [.acceptLanguage: "en"])
            let audit = try await app.sql("SELECT action FROM audit_log WHERE entity = 'absence' AND entity_id = '\(asked.id)' ORDER BY changed_at")

            #expect(other.status == .notFound)
            #expect(herself.status == .notFound, "a worker decides nothing")
            #expect(calendar.items.map(\.id) == [asked.id])
            #expect(calendar.items.first?.personName == "Petra Svobodová")
            #expect(otherCalendar.status == .notFound)
            #expect(approved.state == "approved")
            #expect(approved.decidedBy == Demo.mobileLead.lowercasedString)
            #expect(leaderCancels.status == .notFound, "a leader approves and rejects; the person and admins cancel")
            #expect(adminWithout.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(cancelled.state == "cancelled")
            #expect(cancelled.reason == "Projekt")
            #expect(late.status == .conflict, "a decision on a cancelled request")
            #expect(late.problem?.detail == "The request is cancelled: it cannot be approved now.")
            #expect(audit.compactMap { $0 } == ["approve", "cancel"])
        }
    }

    @Test func thePersonTakesBackAPendingRequestAndARejectionNeedsAReason() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let first = try await app.send(.post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2027-02-01", "2027-02-05"))
                .decode(Absence.self)
            let takenBack = try await app.send(.post, "/v1/absences/\(first.id)/cancel", token: petra).decode(Absence.self)
            let again = try await app.send(.post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2027-02-01", "2027-02-05"))
            let second = try again.decode(Absence.self)
            let rejectWithout = try await app.send(.post, "/v1/absences/\(second.id)/reject", token: lead)
            let rejected = try await app.send(.post, "/v1/absences/\(second.id)/reject", token: lead, json: #"{"reason":"Předávka projektu"}"#)
                .decode(Absence.self)
            let sick = try await app.send(.post, "/v1/me/absences", token: petra, json: Self.request("sick", "2026-11-02", "2026-11-04"))
                .decode(Absence.self)
            let cancelStarted = try await app.send(.post, "/v1/absences/\(sick.id)/cancel", token: petra)

            #expect(takenBack.state == "cancelled", "a pending request is taken back without a reason")
            #expect(again.status == .created, "a cancelled request holds no days")
            #expect(rejectWithout.problem?.errors?.map(\.field) == ["body.reason"])
            #expect(rejected.state == "rejected")
            #expect(rejected.reason == "Předávka projektu")
            #expect(sick.state == "approved", "sick leave needs no approval and may be entered after the fact")
            #expect(cancelStarted.status == .conflict, "begun: only an admin cancels it")
        }
    }

    @Test func badRequestsForTimeOffAnswerWithTheField() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let cases: [(String, String, String)] = [
                (Self.request("vacation", "2026-12-10", "2026-12-01"), "body.lastDay", "before_start"),
                (Self.request("vacation", "2026-11-28", "2026-11-28", part: "morning"), "body.firstDay", "not_working_day"),
                (Self.request("vacation", "2026-12-01", "2026-12-02", part: "morning"), "body.part", "one_day"),
                (Self.request("vacation", "2026-12-01", "2026-12-01", part: "hours", hours: "2"), "body.hours", "range"),
                (Self.request("doctor", "2026-12-01", "2026-12-01", part: "hours", hours: "9"), "body.hours", "range"),
                (Self.request("holiday", "2026-12-01", "2026-12-01"), "body.kind", "unknown"),
                (Self.request("vacation", "2026-11-28", "2026-11-29"), "body.lastDay", "no_working_day"),
                (Self.request("vacation", "2026-1-01", "2026-12-01"), "body.firstDay", "date"),
            ]
            for (body, field, code) in cases {
                let response = try await app.send(.post, "/v1/me/absences", token: petra, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.problem?.errors?.map(\.field) == [field], "\(body)")
                #expect(response.problem?.errors?.map(\.code) == [code], "\(body)")
            }
            let contractor = try await app.send(
                .post, "/v1/me/absences", token: petra, json: Self.request("doctor", "2026-12-01", "2026-12-01", part: "hours", hours: "2.5"))
            // Kateřina is an employee (HPP): a doctor's visit is a kind for her contract.
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let doctor = try await app.send(
                .post, "/v1/me/absences", token: katerina, json: Self.request("doctor", "2026-12-01", "2026-12-01", part: "hours", hours: "2.5")
            ).decode(Absence.self)
            #expect(contractor.problem?.errors?.map(\.code) == ["not_for_contract"], "Petra invoices (ICO): no paid doctor's visits")
            #expect(doctor.workingDays == "0.31", "2.5 hours of an 8-hour day")
            #expect(try await app.sql("SELECT count(*)::text FROM absences") == ["1"], "nothing else was stored")
        }
    }

    @Test func twoOverlappingRequestsRacingOneWins() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            async let a = app.send(.post, "/v1/me/absences", token: petra, json: Self.request("vacation", "2027-03-01", "2027-03-05"))
            async let b = app.send(.post, "/v1/me/absences", token: petra, json: Self.request("unpaid", "2027-03-04", "2027-03-10"))
            let answers = try await [a, b]

            #expect(answers.map(\.status.code).sorted() == [201, 409])
            #expect(answers.first { $0.status == .conflict }?.problem?.type == "urn:staffbook:problem:absence-overlap")
            #expect(try await app.sql("SELECT count(*)::text FROM absences") == ["1"])
        }
    }

    @Test func theKindsSayWhatEachNeedsAndPays() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            struct Kind: Decodable { var code: String; var name: String; var needsApproval: Bool; var paidShare: String; var paidDays: Int? }
            struct Kinds: Decodable { var items: [Kind] }
            let kinds = try await app.send(.get, "/v1/absence-kinds", token: petra, headers: [.acceptLanguage: "en"]).decode(Kinds.self)
            let sick = kinds.items.first { $0.code == "sick" }

            #expect(Set(kinds.items.map(\.code)) == ["vacation", "sick", "doctor", "unpaid", "other"])
            #expect(sick?.name == "Sick leave")
            #expect(sick?.needsApproval == false)
            #expect(sick?.paidShare == "0.600" && sick?.paidDays == 14)
            #expect(
                AbsenceWorkflow.holdingStates == [.requested, .approved],
                "the database's exclusion holds the days of requested and approved absences: keep the two in step")
        }
    }

    @Test func anAdminAddsAKindChangesItAndRetiresItAuditedAndOthersAreNotShownTheRoute() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let blood = #"""
                {"names":{"cs":"Darování krve","en":"Blood donation"},"needsApproval":false,"countsAgainstBalance":false,
                 "paidShare":"1","paidDays":null,"byHours":false,"contractTypes":["HPP","DPP","DPC"]}
                """#
            struct Kind: Decodable {
                struct Names: Decodable { var cs: String; var en: String }
                var code: String; var name: String; var names: Names; var needsApproval: Bool; var paidShare: String; var contractTypes: [String]
            }
            let created = try await app.send(.put, "/v1/absence-kinds/blood_donation", token: admin, json: blood, headers: [.acceptLanguage: "en"])
            let byLeader = try await app.send(.put, "/v1/absence-kinds/blood_donation", token: lead, json: blood)
            // An employee's day of it is approved at once, as the kind says.
            let day = try await app.send(
                .post, "/v1/me/absences", token: katerina, json: Self.request("blood_donation", "2027-02-02", "2027-02-02")
            ).decode(Absence.self)
            let changed = try await app.send(
                .put, "/v1/absence-kinds/blood_donation", token: admin,
                json: blood.replacingOccurrences(of: #""needsApproval":false"#, with: #""needsApproval":true"#)
                    .replacingOccurrences(of: #""paidShare":"1""#, with: #""paidShare":"0.5""#))
            let retired = try await app.send(
                .put, "/v1/absence-kinds/blood_donation", token: admin,
                json: blood.replacingOccurrences(of: #"["HPP","DPP","DPC"]"#, with: "[]"))
            let afterRetiring = try await app.send(
                .post, "/v1/me/absences", token: katerina, json: Self.request("blood_donation", "2027-02-09", "2027-02-09"))

            #expect(created.status == .created, "\(created.text)")
            let kind = try created.decode(Kind.self)
            #expect(kind.name == "Blood donation" && kind.names.cs == "Darování krve")
            #expect(kind.paidShare == "1.000" && kind.contractTypes == ["HPP", "DPP", "DPC"])
            #expect(byLeader.status == .notFound, "only admins keep the kinds")
            #expect(day.state == "approved")
            #expect(changed.status == .ok)
            #expect(try changed.decode(Kind.self).needsApproval == true)
            #expect(retired.status == .ok)
            #expect(afterRetiring.problem?.errors?.map(\.code) == ["not_for_contract"], "a kind for no contract takes no new requests")
            #expect(
                try await app.sql(
                    """
                    SELECT action || ' ' || coalesce(changes->'paidShare'->>'to', '-') || ' ' || coalesce(changes->'contractTypes'->>'to', '-')
                    FROM audit_log WHERE entity = 'absence_kind' ORDER BY id
                    """) == ["create 1 HPP,DPP,DPC", "update 0.5 -", "update 1 "], "the retiring save puts the share back too")
        }
    }

    @Test func aKindWithBadFieldsIsRefusedWithEachFieldAndNothingChanges() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let cases: [(String, String, String)] = [
                ("sick", #"{"names":{"cs":"","en":"Sick"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"0.6","contractTypes":[]}"#,
                 "body.names.cs"),
                ("sick", #"{"names":{"cs":"N","en":"S"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"1.5","contractTypes":[]}"#,
                 "body.paidShare"),
                ("sick", #"{"names":{"cs":"N","en":"S"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"0.6001","contractTypes":[]}"#,
                 "body.paidShare"),
                ("sick", #"{"names":{"cs":"N","en":"S"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"-0","contractTypes":[]}"#,
                 "body.paidShare"),
                ("sick", #"{"names":{"cs":"N","en":"S"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"0.6","paidDays":0,"contractTypes":[]}"#,
                 "body.paidDays"),
                ("Sick", #"{"names":{"cs":"N","en":"S"},"needsApproval":false,"countsAgainstBalance":false,"paidShare":"0.6","contractTypes":[]}"#,
                 "path.code"),
            ]
            for (code, body, field) in cases {
                let response = try await app.send(.put, "/v1/absence-kinds/\(code)", token: admin, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.problem?.errors?.map(\.field) == [field], "\(body): \(response.text)")
            }
            #expect(try await app.sql("SELECT name_en || ' ' || paid_share::text FROM absence_kinds WHERE code = 'sick'") == ["Sick leave 0.600"])
            #expect(try await app.sql("SELECT count(*)::text FROM audit_log WHERE entity = 'absence_kind'") == ["0"])
        }
    }

    @Test(.tags(.fourthProbe))
    func nobodyDecidesTheirOwnRequestAdminsIncludedAndAnotherAdminDoes() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let alena = try await app.token("admin@staffbook.example")
            let zuzana = try await app.token("lead.web@staffbook.example")
            let asked = try await app.send(.post, "/v1/me/absences", token: alena, json: Self.request("vacation", "2027-02-08", "2027-02-09"))
                .decode(Absence.self)

            let own = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: alena)
            let byAnother = try await app.send(.post, "/v1/absences/\(asked.id)/approve", token: zuzana)

            #expect(own.status == .conflict)
            #expect(own.problem?.detail.contains("Nobody decides their own request") == true, "\(own.text)")
            #expect(byAnother.status == .ok, "\(byAnother.text)")
        }
    }
}
