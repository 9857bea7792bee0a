import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Time off on statements and invoice checks")
struct TimeOffStatementTests {
    struct Detail: Decodable {
        struct Name: Decodable { var cs: String; var en: String }
        struct TimeOff: Decodable { var kind: String; var name: Name; var paidShare: String }
        struct Line: Decodable {
            var from: String; var to: String; var days: Int; var hours: String; var rate: String; var amount: String
            var holiday: Name?; var timeOff: TimeOff?
        }
        var amount: String; var statementHours: String?; var statementBasis: String?; var statementLines: [Line]?
    }
    struct Result: Decodable {
        struct Item: Decodable { var userId: String; var invoiceId: String?; var outcome: String }
        var items: [Item]
    }

    @Test func aMonthWithThreeVacationDaysAndTwoSickDaysIsPaidAsComputedByHand() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            let katerina = try await app.token("katerina.novakova@staffbook.example")
            // Kateřina: HPP, 30 h a week (6 h a day) at 490 Kč; November 2026 has 21 working days,
            // the 17th a public holiday. Vacation Mon 9 – Wed 11, sick leave Thu 12 – Fri 13.
            let vacation = try await app.send(.post, "/v1/me/absences", token: katerina, json: AbsenceTests.request("vacation", "2026-11-09", "2026-11-11"))
                .decode(AbsenceTests.Absence.self)
            _ = try await app.send(.post, "/v1/absences/\(vacation.id)/approve", token: admin)
            _ = try await app.send(.post, "/v1/me/absences", token: katerina, json: AbsenceTests.request("sick", "2026-11-12", "2026-11-13"))
            let run = try await app.send(.post, "/v1/invoices/statements?period=2026-11", token: admin).decode(Result.self)
            let invoiceId = try #require(run.items.first { $0.userId == Demo.id(18).uuidString.lowercased() }?.invoiceId)
            let detail = try await app.send(.get, "/v1/invoices/\(invoiceId)", token: admin).decode(Detail.self)
            let file = try await app.send(.get, "/v1/invoices/\(invoiceId)/file", token: admin)
            let sheet = try OpenPyXL.read(Data(file.body.readableBytesView))
            let lines = try #require(detail.statementLines)

            // By hand: work 15 days × 6 h = 90 h × 490 = 44,100; the holiday 6 h × 490 = 2,940;
            // vacation 3 × 6 = 18 h × 490 = 8,820; sick leave 2 × 6 = 12 h × 490 × 60 % = 3,528.
            #expect(lines.map(\.from) == ["2026-11-02", "2026-11-09", "2026-11-12", "2026-11-17"])
            #expect(lines.map(\.days) == [15, 3, 2, 1])
            #expect(lines.map(\.hours) == ["90.00", "18.00", "12.00", "6.00"])
            #expect(lines.map(\.amount) == ["44100.00", "8820.00", "3528.00", "2940.00"])
            #expect(lines.map { $0.timeOff?.kind } == [nil, "vacation", "sick", nil])
            #expect(lines[2].timeOff?.paidShare == "0.600" && lines[2].timeOff?.name.en == "Sick leave")
            #expect(detail.amount == "59388.00")
            #expect(detail.statementHours == "126.00")
            let sickRow = try #require(sheet.rows.first { $0.first?.value == "2026-11-12" })
            #expect(sickRow[6].value == "volno / time off: Nemoc / Sick leave, 60 %")
        }
    }

    @Test func sickLeaveIsPaidForItsFirstFourteenCalendarDaysAndNothingAfter() throws {
        let sick = StaffbookCore.Absence(
            id: UUID(), personId: UUID(), kind: "sick", firstDay: CalendarDay(year: 2026, month: 10, day: 26),
            lastDay: CalendarDay(year: 2026, month: 11, day: 13), part: .full, hours: nil, workingDays: 14, state: .approved, note: nil,
            reason: nil, decidedBy: nil, decidedAt: nil, createdAt: Date(timeIntervalSince1970: 0))
        let paid = StatementCalculator.PaidTimeOff(absence: sick, name: LocalizedText(en: "Sick leave", cs: "Nemoc"), paidShare: 0.6, paidDays: 14)

        // From 26 October: the 14 calendar days end on 8 November. In November, Mon 2 – Fri 6
        // are paid at 60 %, Mon 9 – Fri 13 not at all; 40 h a week at 400 Kč.
        let statement = try StatementCalculator.compute(
            month: CalendarMonth(year: 2026, month: 11), covered: { _ in true }, weeklyCapacity: 40,
            rates: [(CalendarDay(year: 2020, month: 1, day: 1), 400)], givenHours: nil, timeOff: [paid]
        ).get()
        let away = statement.lines.filter { $0.timeOff != nil }

        #expect(away.map(\.from.iso) == ["2026-11-02", "2026-11-09"])
        #expect(away.map(\.days) == [5, 5])
        #expect(away.map(\.amount) == [Decimal(40 * 400) * Decimal(string: "0.6")!, 0])
        #expect(away.map { $0.timeOff?.share } == [Decimal(string: "0.6"), 0])
    }

    @Test func aContractorsInvoiceIsExpectedToCoverFewerHoursInAMonthWithTimeOff() throws {
        let vacation = StaffbookCore.Absence(
            id: UUID(), personId: UUID(), kind: "vacation", firstDay: CalendarDay(year: 2026, month: 11, day: 23),
            lastDay: CalendarDay(year: 2026, month: 11, day: 27), part: .full, hours: nil, workingDays: 5, state: .approved, note: nil,
            reason: nil, decidedBy: nil, decidedAt: nil, createdAt: Date(timeIntervalSince1970: 0))
        let month = CalendarMonth(year: 2026, month: 11)
        let rates: [(effectiveFrom: CalendarDay, amount: Decimal)] = [(CalendarDay(year: 2020, month: 1, day: 1), 1000)]

        let without = try #require(ExpectedAmount.compute(month: month, covered: { _ in true }, weeklyCapacity: 40, rates: rates, trackedHours: [:]))
        let with = try #require(
            ExpectedAmount.compute(month: month, covered: { _ in true }, weeklyCapacity: 40, rates: rates, trackedHours: [:], timeOff: [vacation]))

        // 21 working days × 8 h; a week away takes 40 h and 40,000 Kč off.
        #expect(without.hours == 168 && without.amount == 168_000)
        #expect(with.hours == 128 && with.amount == 128_000)
    }
}
