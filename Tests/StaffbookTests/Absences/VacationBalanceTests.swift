import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Vacation balances, and time off keeping time out of its days")
struct VacationBalanceTests {
    struct Balance: Decodable, Equatable {
        var year: Int; var entitlement: String; var entitlementSet: Bool = false; var carried: String; var carriedExpires: String?; var expired: String
        var approved: String; var requested: String; var unlimited: Bool = false; var balance: String?
    }

    private static func vacation(_ first: String, _ last: String, state: AbsenceState = .approved) -> StaffbookCore.Absence {
        let (from, to) = (CalendarDay(first) ?? CalendarDay(year: 2000, month: 1, day: 1), CalendarDay(last) ?? CalendarDay(year: 2000, month: 1, day: 1))
        return StaffbookCore.Absence(
            id: UUID(), personId: UUID(), kind: "vacation", firstDay: from, lastDay: to, part: .full, hours: nil,
            workingDays: Decimal(TimeRules.workingDays(DayRange(from: from, to: to)).count), state: state, note: nil, reason: nil,
            decidedBy: nil, decidedAt: nil, createdAt: Date(timeIntervalSince1970: 0))
    }

    private static func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(text)) }

    @Test func theEntitlementIsTwentyDaysAFullYearAtFullTimeProRataAndRoundedDownToHalfDays() throws {
        let policy = VacationPolicy()
        let fullYear = VacationBasis(contracts: [(.hpp, try Self.day("2020-03-01"), nil)], weeklyCapacity: 40, vacations: [])
        // From 1 July at 30 hours: 20 × 184/365 × 30/40 = 7.56 → 7.5.
        let secondHalf = VacationBasis(contracts: [(.hpp, try Self.day("2026-07-01"), nil)], weeklyCapacity: 30, vacations: [])
        let contractor = VacationBasis(contracts: [(.ico, try Self.day("2020-03-01"), nil)], weeklyCapacity: 40, vacations: [])

        #expect(VacationRules.entitlement(year: 2026, basis: fullYear, policy: policy) == 20)
        #expect(VacationRules.entitlement(year: 2026, basis: secondHalf, policy: policy) == Decimal(string: "7.5"))
        #expect(VacationRules.entitlement(year: 2026, basis: contractor, policy: policy) == 0, "contractors earn no vacation")
    }

    @Test func unusedDaysAreCarriedAndWhatIsNotTakenByTheExpiryIsLost() throws {
        var policy = VacationPolicy()
        policy.carryOverExpires = MonthDay(month: 3, day: 31)
        // 2025: 20 days, 15 taken (three weeks of January and February): 5 carried into 2026.
        // 2026: 2 days taken by 31 March, so 3 of the 5 carried are lost after it; 4 days asked for
        // in July (the 6th is a holiday).
        let basis = VacationBasis(
            contracts: [(.hpp, try Self.day("2024-01-01"), nil)], weeklyCapacity: 40,
            vacations: [
                Self.vacation("2025-01-06", "2025-01-10"), Self.vacation("2025-02-03", "2025-02-07"), Self.vacation("2025-08-04", "2025-08-08"),
                Self.vacation("2026-03-02", "2026-03-03"), Self.vacation("2026-07-06", "2026-07-10", state: .requested),
            ])

        let before = try VacationRules.balance(year: 2026, basis: basis, policy: policy, asOf: try Self.day("2026-03-15")).get()
        let after = try VacationRules.balance(year: 2026, basis: basis, policy: policy, asOf: try Self.day("2026-04-01")).get()

        #expect(before.carried == 5)
        #expect(before.expired == 0)
        #expect(Money.format(before.balance) == "19.00", "20 + 5 carried − 2 approved − 4 requested")
        #expect(after.expired == 3)
        #expect(Money.format(after.balance) == "16.00", "20 + 5 − 3 expired − 2 − 4")
        #expect(after.carriedExpires == CalendarDay(year: 2026, month: 3, day: 31))
    }

    @Test func anEmployeesBalanceCountsRequestsAndOneBeyondItIsRefusedWithTheBalance() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            // Kateřina: HPP since April 2022 at 30 hours a week: 15 days a year, none taken in 2025.
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            let start = try await app.send(.get, "/v1/me/vacation-balance?year=2026", token: katerina).decode(Balance.self)
            let week = try await app.send(.post, "/v1/me/absences", token: katerina, json: AbsenceTests.request("vacation", "2026-12-07", "2026-12-11"))
            let after = try await app.send(.get, "/v1/me/vacation-balance?year=2026", token: katerina).decode(Balance.self)
            // 1 June – 10 July 2026 holds 29 working days (6 July is a holiday): more than the 25 left.
            let beyond = try await app.send(
                .post, "/v1/me/absences", token: katerina, json: AbsenceTests.request("vacation", "2026-06-01", "2026-07-10"),
                headers: [.acceptLanguage: "en"])
            let early = try await app.send(.get, "/v1/me/vacation-balance?year=2021", token: katerina)
            let outOfRange = try await app.send(.get, "/v1/me/vacation-balance?year=2201", token: katerina)
            let byAdmin = try await app.send(.get, "/v1/users/\(Demo.id(18))/vacation-balance?year=2026", token: admin).decode(Balance.self)
            let byOtherLeader = try await app.send(.get, "/v1/users/\(Demo.id(18))/vacation-balance?year=2026", token: lead)

            #expect(start == Balance(year: 2026, entitlement: "15.00", carried: "15.00", carriedExpires: "2026-12-31", expired: "0.00",
                                     approved: "0.00", requested: "0.00", balance: "30.00"))
            #expect(week.status == .created, "\(week.text)")
            #expect(after.requested == "5.00")
            #expect(after.balance == "25.00")
            #expect(beyond.status == .conflict)
            #expect(beyond.problem?.type == "urn:staffbook:problem:absence-balance-exceeded")
            #expect(beyond.problem?.detail == "You have 25 days of vacation left in 2026; this request takes 29.")
            #expect(early.problem?.errors?.map(\.field) == ["query.year"])
            #expect(early.problem?.errors?.map(\.code) == ["before_start"])
            #expect(outOfRange.status == .badRequest, "the contract's range: the generated server does not check it")
            #expect(outOfRange.problem?.errors?.map(\.code) == ["range"])
            #expect(byAdmin == after)
            #expect(byOtherLeader.status == .notFound, "Kateřina is not in Mobile")
            #expect(try await app.sql("SELECT count(*)::text FROM absences") == ["1"], "the refused request left nothing")
        }
    }

    @Test func aContractorsVacationIsNotLimitedByABalance() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let month = try await app.send(.post, "/v1/me/absences", token: petra, json: AbsenceTests.request("vacation", "2027-07-01", "2027-08-31"))
            let balance = try await app.send(.get, "/v1/me/vacation-balance?year=2027", token: petra).decode(Balance.self)

            #expect(month.status == .created, "\(month.text)")
            #expect(balance.entitlement == "0.00")
            #expect(balance.requested == "42.00", "July 2027 has 20 working days (5 and 6 July are holidays), August 22")
            #expect(balance.unlimited && balance.balance == nil, "no entitlement, so no balance to go below zero")
        }
    }

    @Test func timeOnADayOfApprovedWholeDayTimeOffIsRefusedUntilItIsCancelled() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let petra = try await app.token("petra.svobodova@staffbook.example")
            let admin = try await app.token("admin@staffbook.example")
            // Sick leave needs no approval: approved at once. A half day leaves the rest to work. (The
            // demo has her working those days until the afternoon; the entries here are evenings.)
            let sick = try await app.send(.post, "/v1/me/absences", token: petra, json: AbsenceTests.request("sick", "2026-11-09", "2026-11-10"))
                .decode(AbsenceTests.Absence.self)
            _ = try await app.send(.post, "/v1/me/absences", token: petra, json: AbsenceTests.request("sick", "2026-11-11", "2026-11-11", part: "morning"))
            let onSick = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-10", "19:00", "20:00"),
                headers: [.acceptLanguage: "en"])
            let onHalf = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-11", "19:00", "20:00"))
            _ = try await app.send(.post, "/v1/absences/\(sick.id)/cancel", token: admin, json: #"{"reason":"Zadáno omylem"}"#)
            let afterCancel = try await app.send(
                .post, "/v1/me/time-entries", token: petra, json: TimeAPI.json(projectId: Demo.mobileBanking, "2026-11-10", "19:00", "20:00"))

            #expect(onSick.status == .conflict)
            #expect(onSick.problem?.type == "urn:staffbook:problem:time-entry-on-absence")
            #expect(onSick.problem?.detail == "You have approved time off (sick) on 2026-11-09 – 2026-11-10: no time is recorded then unless it is cancelled.")
            #expect(onHalf.status == .created, "\(onHalf.text)")
            #expect(onSick.status == .conflict, "\(onSick.text)")
            #expect(afterCancel.status == .created, "\(afterCancel.text)")
        }
    }

    @Test func approvedTimeOffTakesFromCapacitySoUtilisationIsOfTheHoursLeftToWork() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let jan = try await app.token("jan.novak@staffbook.example")
            let lead = try await app.token("lead.mobile@staffbook.example")
            let range = "from=2026-11-02&to=2026-11-13&groupBy=week"
            let before = try await app.send(.get, "/v1/me/time-summary?\(range)", token: jan).decode(TimeAPI.Summary.self)
            // A sick day (approved at once) and an afternoon of vacation a leader approves; a
            // morning asked for and not decided yet takes nothing.
            _ = try await app.send(.post, "/v1/me/absences", token: jan, json: AbsenceTests.request("sick", "2026-11-12", "2026-11-12"))
            let half = try await app.send(
                .post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-11-13", "2026-11-13", part: "afternoon")
            ).decode(AbsenceTests.Absence.self)
            _ = try await app.send(.post, "/v1/absences/\(half.id)/approve", token: lead)
            _ = try await app.send(.post, "/v1/me/absences", token: jan, json: AbsenceTests.request("vacation", "2026-11-10", "2026-11-10", part: "morning"))
            let after = try await app.send(.get, "/v1/me/time-summary?\(range)", token: jan).decode(TimeAPI.Summary.self)
            let report = try await app.send(
                .get, "/v1/reports/time?from=2026-11-02&to=2026-11-13&groupBy=person", token: try await app.token("admin@staffbook.example")
            ).decode(TimeAPI.Summary.self)
            let inReport = report.items.first { $0.key == Demo.janNovak.uuidString.lowercased() }

            #expect(before.hours == "75.00" && before.capacityHours == "80.00" && before.utilisation == "0.94")
            #expect(after.hours == "75.00")
            #expect(after.capacityHours == "68.00", "80 less a sick day (8) and half a day of vacation (4)")
            #expect(after.utilisation == "1.10", "75 ÷ 68")
            #expect(after.items.map(\.capacityHours) == ["40.00", "28.00"], "both days off are in the second week")
            #expect(inReport?.capacityHours == "68.00" && inReport?.utilisation == "1.10")
        }
    }
    @Test func anAdminSetsAPersonsDaysForAYearTheBalanceAndRequestsFollowAndClearingGoesBackToTheContract() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            let path = "/v1/users/\(Demo.id(18))/vacation-entitlements"
            // Kateřina works 30 hours a week: 15 days a year from her contract.
            let computed = try await app.send(.get, "/v1/users/\(Demo.id(18))/vacation-balance?year=2027", token: admin).decode(Balance.self)
            let set = try await app.send(.put, "\(path)/2027", token: admin, json: #"{"days":"25"}"#)
            // Seven weeks of August and September: 35 working days, against 15 carried from 2026 and the year's own.
            let sevenWeeks = try await app.send(.post, "/v1/me/absences", token: katerina, json: AbsenceTests.request("vacation", "2027-08-02", "2027-09-17"))
            let mine = try await app.send(.get, "/v1/me/vacation-balance?year=2027", token: katerina).decode(Balance.self)
            let badDays = try await app.send(.put, "\(path)/2027", token: admin, json: #"{"days":"20.3"}"#)
            let negative = try await app.send(.put, "\(path)/2027", token: admin, json: #"{"days":"-1"}"#)
            let badYear = try await app.send(.put, "\(path)/2201", token: admin, json: #"{"days":"20"}"#)
            let beforeStart = try await app.send(.put, "\(path)/2021", token: admin, json: #"{"days":"20"}"#)
            let unknown = try await app.send(.put, "/v1/users/\(UUID())/vacation-entitlements/2027", token: admin, json: #"{"days":"20"}"#)
            let byLeader = try await app.send(.put, "\(path)/2027", token: try await app.token("lukas.cermak@staffbook.example"), json: #"{"days":"30"}"#)
            let cleared = try await app.send(.delete, "\(path)/2027", token: admin).decode(Balance.self)

            #expect(computed.entitlement == "15.00" && computed.entitlementSet == false)
            #expect(set.status == .ok)
            #expect(try set.decode(Balance.self).entitlement == "25.00" && set.decode(Balance.self).entitlementSet)
            #expect(sevenWeeks.status == .created, "35 days fit 15 carried and 25, not 15 and 15")
            #expect(mine.entitlement == "25.00" && mine.carried == "15.00" && mine.requested == "35.00" && mine.balance == "5.00")
            #expect(badDays.status == .badRequest && badDays.problem?.errors?.map(\.field) == ["body.days"])
            #expect(negative.status == .badRequest && negative.problem?.errors?.map(\.code) == ["range"])
            #expect(badYear.status == .badRequest && badYear.problem?.errors?.map(\.field) == ["path.year"])
            #expect(beforeStart.status == .badRequest && beforeStart.problem?.errors?.map(\.code) == ["before_start"])
            #expect(unknown.status == .notFound)
            #expect(byLeader.status == .notFound, "setting days is for admins")
            #expect(cleared.entitlement == "15.00" && cleared.entitlementSet == false && cleared.balance == "-5.00")
            #expect(
                try await app.sql("SELECT action || ' ' || (changes->'2027'->>'to') FROM audit_log WHERE entity = 'vacation_entitlement' ORDER BY id")
                    == ["set 25", nil])
        }
    }
}
