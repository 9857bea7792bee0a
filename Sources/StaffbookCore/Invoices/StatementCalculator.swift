import Foundation

/// The monthly statement of an employee (HPP, DPP, DPČ), computed without I/O.
///
/// The hours of each day under the contract come from one of three sources: the hours the
/// person tracked that day (when they tracked any that month), a total an admin gave for the
/// month (spread evenly over its working days), or the capacity rule (weekly capacity ÷ 5 on
/// every working day, Monday to Friday). Each day is paid at the rate in effect that day.
///
/// Czech public holidays on a working day are paid as such: capacity ÷ 5 hours (or their share
/// of a given total) at the day's rate, each on a line of its own marked with the holiday. Time
/// tracked on a holiday is work on top of that.
package enum StatementCalculator {
    package enum HoursBasis: String, Sendable, Codable, Equatable {
        case capacity
        case given
        case tracked
    }

    /// One line of a statement: consecutive work days at one rate, or one holiday.
    package struct Line: Equatable, Sendable {
        package var from: CalendarDay
        package var to: CalendarDay
        package var days: Int
        package var hours: Decimal
        package var rate: Decimal
        package var amount: Decimal
        /// The public holiday this line pays, when it is one.
        package var holiday: LocalizedText?

        package init(from: CalendarDay, to: CalendarDay, days: Int, hours: Decimal, rate: Decimal, amount: Decimal, holiday: LocalizedText?) {
            self.from = from
            self.to = to
            self.days = days
            self.hours = hours
            self.rate = rate
            self.amount = amount
            self.holiday = holiday
        }
    }

    package struct Statement: Equatable, Sendable {
        package var lines: [Line]
        package var hours: Decimal
        package var amount: Decimal
        package var basis: HoursBasis

        package init(lines: [Line], hours: Decimal, amount: Decimal, basis: HoursBasis) {
            self.lines = lines
            self.hours = hours
            self.amount = amount
            self.basis = basis
        }

        /// Amount ÷ hours, kept in storage for older clients only: a mean no line has.
        package var meanRate: Decimal { hours > 0 ? Money.rounded(amount / hours) : lines.last?.rate ?? 0 }
    }

    package enum Failure: Error, Equatable {
        case noWorkingDays
        case noRate(CalendarDay)
    }

    /// - Parameters:
    ///   - covered: whether a day is under a statement contract.
    ///   - rates: every rate of the person in effect (not superseded), any order.
    ///   - givenHours: a total for the month an admin gave.
    ///   - trackedHours: the hours the person tracked, per day (empty: they tracked nothing).
    package static func compute(
        month: CalendarMonth, covered: (CalendarDay) -> Bool, weeklyCapacity: Decimal,
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], givenHours: Decimal?,
        trackedHours: [CalendarDay: Decimal] = [:]
    ) -> Result<Statement, Failure> {
        let workingDays = month.days.filter { isWorkingDay($0) && covered($0) }
        let tracked = trackedHours.filter { covered($0.key) && $0.key.calendarMonth == month && $0.value > 0 }
        let basis: HoursBasis = givenHours != nil ? .given : tracked.isEmpty ? .capacity : .tracked
        // (day, hours, holiday) in date order: what is paid.
        var entries: [(day: CalendarDay, hours: Decimal, holiday: CzechHolidays.Holiday?)] = []
        switch basis {
        case .capacity, .given:
            guard !workingDays.isEmpty else { return .failure(.noWorkingDays) }
            let perDay = givenHours.map { $0 / Decimal(workingDays.count) } ?? weeklyCapacity / 5
            entries = workingDays.map { ($0, perDay, CzechHolidays.holiday(on: $0)) }
        case .tracked:
            let days = Set(tracked.keys).union(workingDays.filter { CzechHolidays.holiday(on: $0) != nil }).sorted()
            for day in days {
                if isWorkingDay(day), let holiday = CzechHolidays.holiday(on: day) {
                    entries.append((day, weeklyCapacity / 5, holiday))
                }
                if let hours = tracked[day] { entries.append((day, hours, nil)) }
            }
            guard !entries.isEmpty else { return .failure(.noWorkingDays) }
        }
        let sortedRates = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
        var work: [(line: Line, unrounded: Decimal)] = []
        var holidays: [(line: Line, unrounded: Decimal)] = []
        for entry in entries {
            guard let rate = sortedRates.last(where: { $0.effectiveFrom <= entry.day })?.amount else {
                return .failure(.noRate(entry.day))
            }
            if let holiday = entry.holiday {
                holidays.append((Line(from: entry.day, to: entry.day, days: 1, hours: 0, rate: rate, amount: 0, holiday: holiday.name), entry.hours))
            } else if let last = work.last, last.line.rate == rate {
                work[work.count - 1].line.to = entry.day
                work[work.count - 1].line.days += 1
                work[work.count - 1].unrounded += entry.hours
            } else {
                work.append((Line(from: entry.day, to: entry.day, days: 1, hours: 0, rate: rate, amount: 0, holiday: nil), entry.hours))
            }
        }
        let lines = (work + holidays).map { item -> Line in
            var line = item.line
            line.hours = Money.rounded(item.unrounded)
            line.amount = Money.rounded(item.unrounded * line.rate)
            return line
        }.sorted { ($0.from, $0.holiday == nil ? 1 : 0) < ($1.from, $1.holiday == nil ? 1 : 0) }
        let hours = Money.rounded(entries.reduce(Decimal(0)) { $0 + $1.hours })
        let amount = lines.reduce(Decimal(0)) { $0 + $1.amount }
        return .success(Statement(lines: lines, hours: hours, amount: amount, basis: basis))
    }

    /// Monday to Friday.
    package static func isWorkingDay(_ day: CalendarDay) -> Bool {
        day.weekday < 5
    }
}
