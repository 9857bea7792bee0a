import Foundation

/// The monthly statement of an employee (HPP, DPP, DPC), computed without I/O: the working days
/// (Mon–Fri) of the month within the contract, the hours (weekly capacity ÷ 5 a day, unless
/// given for the month), and each day paid at the rate in effect that day.
package enum StatementCalculator {
    package struct Segment: Equatable, Sendable {
        package var from: CalendarDay
        package var to: CalendarDay
        package var workingDays: Int
        package var hours: Decimal
        package var rate: Decimal
        package var amount: Decimal

        package init(from: CalendarDay, to: CalendarDay, workingDays: Int, hours: Decimal, rate: Decimal, amount: Decimal) {
            self.from = from
            self.to = to
            self.workingDays = workingDays
            self.hours = hours
            self.rate = rate
            self.amount = amount
        }
    }

    package struct Statement: Equatable, Sendable {
        package var segments: [Segment]
        package var hours: Decimal
        package var amount: Decimal
        /// Amount ÷ hours: the one rate that gives the amount (the rate itself when it did not change).
        package var rate: Decimal

        package init(segments: [Segment], hours: Decimal, amount: Decimal, rate: Decimal) {
            self.segments = segments
            self.hours = hours
            self.amount = amount
            self.rate = rate
        }
    }

    package enum Failure: Error, Equatable {
        case noWorkingDays
        case noRate(CalendarDay)
    }

    /// - Parameters:
    ///   - covered: the days of the month under a statement contract (sorted, no duplicates needed).
    ///   - rates: every rate of the person, any order.
    package static func compute(
        month: CalendarMonth, covered: (CalendarDay) -> Bool, weeklyCapacity: Decimal,
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], givenHours: Decimal?
    ) -> Result<Statement, Failure> {
        let days = month.days.filter { isWorkingDay($0) && covered($0) }
        guard let lastDay = days.last else { return .failure(.noWorkingDays) }
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
        let rate = hours > 0 ? Money.rounded(amount / hours) : sortedRates.last(where: { $0.effectiveFrom <= lastDay })?.amount ?? 0
        return .success(Statement(segments: segments, hours: hours, amount: amount, rate: rate))
    }

    package static func isWorkingDay(_ day: CalendarDay) -> Bool {
        day.weekday < 5
    }

    /// The workbook given to the employee and the accountant.
    package static func workbook(_ statement: Statement, person: String, email: String, month: CalendarMonth) -> XLSXWorkbook {
        var rows: [[XLSXWorkbook.Cell]] = [
            [.text("Výkaz / Statement"), .text(month.iso)],
            [.text("Zaměstnanec / Employee"), .text(person)],
            [.text("E-mail"), .text(email)],
            [],
            [
                .text("Od / From"), .text("Do / To"), .text("Pracovní dny / Working days"), .text("Hodiny / Hours"),
                .text("Sazba / Rate (CZK/h)"), .text("Částka / Amount (CZK)"),
            ],
        ]
        for segment in statement.segments {
            rows.append([
                .text(segment.from.iso), .text(segment.to.iso), .number(Decimal(segment.workingDays)),
                .number(segment.hours), .number(segment.rate), .number(segment.amount),
            ])
        }
        rows.append([
            .text("Celkem / Total"), .empty, .number(Decimal(statement.segments.reduce(0) { $0 + $1.workingDays })),
            .number(statement.hours), .number(statement.rate), .number(statement.amount),
        ])
        return XLSXWorkbook(sheetName: "Statement \(month.iso)", rows: rows)
    }
}
