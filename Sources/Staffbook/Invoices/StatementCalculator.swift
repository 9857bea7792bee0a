import Foundation

/// The monthly statement of an employee (HPP, DPP, DPC), computed without I/O: the working days
/// (Mon–Fri) of the month within the contract, the hours (weekly capacity ÷ 5 a day, unless
/// given for the month), and each day paid at the rate in effect that day.
enum StatementCalculator {
    struct Segment: Equatable, Sendable {
        var from: CalendarDay
        var to: CalendarDay
        var workingDays: Int
        var hours: Decimal
        var rate: Decimal
        var amount: Decimal
    }

    struct Statement: Equatable, Sendable {
        var segments: [Segment]
        var hours: Decimal
        var amount: Decimal
        /// Amount ÷ hours: the one rate that gives the amount (the rate itself when it did not change).
        var rate: Decimal
    }

    enum Failure: Error, Equatable {
        case noWorkingDays
        case noRate(CalendarDay)
    }

    /// - Parameters:
    ///   - covered: the days of the month under a statement contract (sorted, no duplicates needed).
    ///   - rates: every rate of the person, any order.
    static func compute(
        month: CalendarMonth, covered: (CalendarDay) -> Bool, weeklyCapacity: Decimal,
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], givenHours: Decimal?
    ) -> Result<Statement, Failure> {
        let days = (1...month.dayCount).map { CalendarDay(year: month.year, month: month.month, day: $0) }
            .filter { isWorkingDay($0) && covered($0) }
        guard !days.isEmpty else { return .failure(.noWorkingDays) }
        let hoursPerDay = givenHours.map { $0 / Decimal(days.count) } ?? weeklyCapacity / 5
        let sortedRates = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
        var segments: [Segment] = []
        for day in days {
            guard let rate = sortedRates.last(where: { $0.effectiveFrom <= day })?.amount else {
                return .failure(.noRate(day))
            }
            if var last = segments.last, last.rate == rate {
                last.to = day
                last.workingDays += 1
                segments[segments.count - 1] = last
            } else {
                segments.append(Segment(from: day, to: day, workingDays: 1, hours: 0, rate: rate, amount: 0))
            }
        }
        for index in segments.indices {
            segments[index].hours = Money.rounded(hoursPerDay * Decimal(segments[index].workingDays))
            segments[index].amount = Money.rounded(hoursPerDay * Decimal(segments[index].workingDays) * segments[index].rate)
        }
        let hours = Money.rounded(hoursPerDay * Decimal(days.count))
        let amount = segments.reduce(Decimal(0)) { $0 + $1.amount }
        let rate = hours > 0 ? Money.rounded(amount / hours) : segments.last!.rate
        return .success(Statement(segments: segments, hours: hours, amount: amount, rate: rate))
    }

    static func isWorkingDay(_ day: CalendarDay) -> Bool {
        // Zeller-free weekday: 1970-01-01 was a Thursday.
        let weekday = (daysSinceEpoch(day) % 7 + 7 + 3) % 7  // 0 = Monday … 6 = Sunday
        return weekday < 5
    }

    private static func daysSinceEpoch(_ day: CalendarDay) -> Int {
        // Days from civil date (Howard Hinnant's algorithm).
        let y = day.month <= 2 ? day.year - 1 : day.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (day.month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The workbook given to the employee and the accountant.
    static func workbook(_ statement: Statement, person: String, email: String, month: CalendarMonth) -> XLSXWorkbook {
        var rows: [[XLSXWorkbook.Cell]] = [
            [.text("Výkaz / Statement"), .text(month.iso)],
            [.text("Zaměstnanec / Employee"), .text(person)],
            [.text("E-mail"), .text(email)],
            [],
            [.text("Od / From"), .text("Do / To"), .text("Pracovní dny / Working days"), .text("Hodiny / Hours"),
             .text("Sazba / Rate (CZK/h)"), .text("Částka / Amount (CZK)")],
        ]
        for segment in statement.segments {
            rows.append([
                .text(segment.from.iso), .text(segment.to.iso), .number(Decimal(segment.workingDays)),
                .number(segment.hours), .number(segment.rate), .number(segment.amount),
            ])
        }
        rows.append([.text("Celkem / Total"), .empty, .number(Decimal(statement.segments.reduce(0) { $0 + $1.workingDays })),
                     .number(statement.hours), .number(statement.rate), .number(statement.amount)])
        return XLSXWorkbook(sheetName: "Statement \(month.iso)", rows: rows)
    }
}
