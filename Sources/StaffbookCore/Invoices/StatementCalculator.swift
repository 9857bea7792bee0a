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
///
/// Approved time off (not on a holiday) takes its hours of the day (all, half, or its hours) out
/// of the capacity rule's work and is paid on lines of its own at the kind's share of the day's
/// rate; a kind paid for a number of calendar days (sick leave) pays nothing after them. With
/// tracked hours, time off is paid beside them, like a holiday; a total an admin gave stands as
/// given.
package enum StatementCalculator {
    package enum HoursBasis: String, Sendable, Codable, Equatable {
        case capacity
        case given
        case tracked
    }

    /// Time off a statement pays: an approved absence and what its kind pays.
    package struct PaidTimeOff: Sendable, Equatable {
        package var absence: Absence
        package var name: LocalizedText
        package var paidShare: Decimal
        package var paidDays: Int?

        package init(absence: Absence, name: LocalizedText, paidShare: Decimal, paidDays: Int?) {
            self.absence = absence
            self.name = name
            self.paidShare = paidShare
            self.paidDays = paidDays
        }

        /// The share of the rate paid on `day`: none after the kind's paid calendar days.
        func share(on day: CalendarDay) -> Decimal {
            if let paidDays, day.daysSinceEpoch - absence.firstDay.daysSinceEpoch >= paidDays { return 0 }
            return paidShare
        }
    }

    /// What a line pays for time off: its kind and the share of the rate.
    package struct TimeOffPay: Equatable, Sendable {
        package var kind: String
        package var name: LocalizedText
        package var share: Decimal

        package init(kind: String, name: LocalizedText, share: Decimal) {
            self.kind = kind
            self.name = name
            self.share = share
        }
    }

    /// One line of a statement: consecutive work days at one rate, one holiday, or consecutive
    /// days of one time off at one rate and share.
    package struct Line: Equatable, Sendable {
        package var from: CalendarDay
        package var to: CalendarDay
        package var days: Int
        package var hours: Decimal
        package var rate: Decimal
        package var amount: Decimal
        /// The public holiday this line pays, when it is one.
        package var holiday: LocalizedText?
        /// The time off this line pays, when it is that.
        package var timeOff: TimeOffPay?

        package init(
            from: CalendarDay, to: CalendarDay, days: Int, hours: Decimal, rate: Decimal, amount: Decimal, holiday: LocalizedText?,
            timeOff: TimeOffPay? = nil
        ) {
            self.from = from
            self.to = to
            self.days = days
            self.hours = hours
            self.rate = rate
            self.amount = amount
            self.holiday = holiday
            self.timeOff = timeOff
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
    ///   - timeOff: the person's approved absences touching the month.
    package static func compute(
        month: CalendarMonth, covered: (CalendarDay) -> Bool, weeklyCapacity: Decimal,
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], givenHours: Decimal?,
        trackedHours: [CalendarDay: Decimal] = [:], timeOff: [PaidTimeOff] = []
    ) -> Result<Statement, Failure> {
        let workingDays = month.days.filter { isWorkingDay($0) && covered($0) }
        let tracked = trackedHours.filter { covered($0.key) && $0.key.calendarMonth == month && $0.value > 0 }
        let basis: HoursBasis = givenHours != nil ? .given : tracked.isEmpty ? .capacity : .tracked
        // (day, hours, holiday, time off) in date order: what is paid.
        var entries: [Entry] = []
        let daily = weeklyCapacity / 5
        /// The day's time off (never on a holiday) with its hours, at most `available` in all.
        func away(on day: CalendarDay, available: Decimal) -> [Entry] {
            guard CzechHolidays.holiday(on: day) == nil else { return [] }
            var left = available
            var taken: [Entry] = []
            for off in timeOff {
                let hours = min(left, off.absence.hoursAway(on: day, daily: daily))
                guard hours > 0 else { continue }
                taken.append(Entry(day: day, hours: hours, holiday: nil, timeOff: off))
                left -= hours
            }
            return taken
        }
        switch basis {
        case .capacity:
            guard !workingDays.isEmpty else { return .failure(.noWorkingDays) }
            for day in workingDays {
                let off = away(on: day, available: daily)
                entries += off
                let work = daily - off.reduce(Decimal(0)) { $0 + $1.hours }
                if work > 0 { entries.append(Entry(day: day, hours: work, holiday: CzechHolidays.holiday(on: day), timeOff: nil)) }
            }
        case .given:
            guard !workingDays.isEmpty else { return .failure(.noWorkingDays) }
            let perDay = (givenHours ?? 0) / Decimal(workingDays.count)
            entries = workingDays.map { Entry(day: $0, hours: perDay, holiday: CzechHolidays.holiday(on: $0), timeOff: nil) }
        case .tracked:
            let absent = workingDays.filter { day in timeOff.contains { $0.absence.hoursAway(on: day, daily: daily) > 0 } }
            let days = Set(tracked.keys).union(workingDays.filter { CzechHolidays.holiday(on: $0) != nil }).union(absent).sorted()
            for day in days {
                if isWorkingDay(day), let holiday = CzechHolidays.holiday(on: day) {
                    entries.append(Entry(day: day, hours: daily, holiday: holiday, timeOff: nil))
                }
                if covered(day), isWorkingDay(day) { entries += away(on: day, available: daily) }
                if let hours = tracked[day] { entries.append(Entry(day: day, hours: hours, holiday: nil, timeOff: nil)) }
            }
            guard !entries.isEmpty else { return .failure(.noWorkingDays) }
        }
        let sortedRates = rates.sorted { $0.effectiveFrom < $1.effectiveFrom }
        var work: [(line: Line, unrounded: Decimal)] = []
        var holidays: [(line: Line, unrounded: Decimal)] = []
        var away: [(line: Line, unrounded: Decimal, absence: UUID)] = []
        for entry in entries {
            guard let rate = sortedRates.last(where: { $0.effectiveFrom <= entry.day })?.amount else {
                return .failure(.noRate(entry.day))
            }
            if let holiday = entry.holiday {
                holidays.append((Line(from: entry.day, to: entry.day, days: 1, hours: 0, rate: rate, amount: 0, holiday: holiday.name), entry.hours))
            } else if let off = entry.timeOff {
                let pay = TimeOffPay(kind: off.absence.kind, name: off.name, share: off.share(on: entry.day))
                if let last = away.last, last.absence == off.absence.id, last.line.rate == rate, last.line.timeOff == pay {
                    away[away.count - 1].line.to = entry.day
                    away[away.count - 1].line.days += 1
                    away[away.count - 1].unrounded += entry.hours
                } else {
                    let line = Line(from: entry.day, to: entry.day, days: 1, hours: 0, rate: rate, amount: 0, holiday: nil, timeOff: pay)
                    away.append((line, entry.hours, off.absence.id))
                }
            } else if let last = work.last, last.line.rate == rate {
                work[work.count - 1].line.to = entry.day
                work[work.count - 1].line.days += 1
                work[work.count - 1].unrounded += entry.hours
            } else {
                work.append((Line(from: entry.day, to: entry.day, days: 1, hours: 0, rate: rate, amount: 0, holiday: nil), entry.hours))
            }
        }
        let lines = (work + holidays + away.map { ($0.line, $0.unrounded) }).map { item -> Line in
            var line = item.line
            line.hours = Money.rounded(item.unrounded)
            line.amount = Money.rounded(item.unrounded * line.rate * (line.timeOff?.share ?? 1))
            return line
        }.sorted { ($0.from, Self.order($0)) < ($1.from, Self.order($1)) }
        // Every line's hours, unpaid time off too: the workbook's total row sums the column.
        let hours = Money.rounded(entries.reduce(Decimal(0)) { $0 + $1.hours })
        let amount = lines.reduce(Decimal(0)) { $0 + $1.amount }
        return .success(Statement(lines: lines, hours: hours, amount: amount, basis: basis))
    }

    private struct Entry {
        var day: CalendarDay
        var hours: Decimal
        var holiday: CzechHolidays.Holiday?
        var timeOff: PaidTimeOff?
    }

    /// On one day: the holiday, then time off, then work.
    private static func order(_ line: Line) -> Int {
        line.holiday != nil ? 0 : line.timeOff != nil ? 1 : 2
    }

    /// Monday to Friday.
    package static func isWorkingDay(_ day: CalendarDay) -> Bool {
        day.weekday < 5
    }
}
