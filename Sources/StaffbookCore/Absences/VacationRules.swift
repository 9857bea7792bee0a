import Foundation

/// How much vacation people have: the yearly days of a full-time employee and what happens to
/// unused days at the year's end.
package struct VacationPolicy: Sendable, Equatable {
    /// A year's vacation of a full-time employee with a contract all year (the Labour Code's
    /// minimum is four weeks: 20 working days).
    package var yearlyDays: Decimal = 20
    /// The weekly hours of full time; a smaller capacity has its share of the days.
    package var fullTimeHours: Decimal = 40
    /// Unused days of a year are carried into the next one.
    package var carryOver = true
    /// The carried days are taken by this month and day of the next year, or lost.
    package var carryOverExpires = MonthDay(month: 12, day: 31)

    package init() {}
}

/// A day of the year without the year ("06-30").
package struct MonthDay: Sendable, Equatable {
    package var month: Int
    package var day: Int

    package init(month: Int, day: Int) {
        self.month = month
        self.day = day
    }

    /// "MM-DD", a day every year has (29 February is refused).
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let month = Int(parts[0]), let day = Int(parts[1]), (1...12).contains(month),
            (1...CalendarMonth(year: 2025, month: month).dayCount).contains(day)
        else { return nil }
        self.init(month: month, day: day)
    }

    package func day(in year: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day)
    }
}

/// What a person's vacation balance is computed from.
package struct VacationBasis: Sendable {
    /// The person's contracts (type, first and last day).
    package var contracts: [(type: ContractType, from: CalendarDay, to: CalendarDay?)]
    package var weeklyCapacity: Decimal
    /// Their vacation (absences of kinds that count against the balance) that holds its days,
    /// in the year asked and the one before.
    package var vacations: [Absence]
    /// Years whose days an admin set, in place of the computed ones.
    package var setEntitlements: [Int: Decimal]

    package init(
        contracts: [(type: ContractType, from: CalendarDay, to: CalendarDay?)], weeklyCapacity: Decimal, vacations: [Absence],
        setEntitlements: [Int: Decimal] = [:]
    ) {
        self.contracts = contracts
        self.weeklyCapacity = weeklyCapacity
        self.vacations = vacations
        self.setEntitlements = setEntitlements
    }
}

/// A person's vacation in one year, in working days: balance = entitlement + carried − expired
/// − approved − requested.
package struct VacationBalance: Sendable, Equatable {
    package var year: Int
    package var entitlement: Decimal
    /// An admin set `entitlement`.
    package var entitlementSet: Bool
    /// Unused days of the year before.
    package var carried: Decimal
    /// When the carried days are lost if not taken (nil: nothing carried).
    package var carriedExpires: CalendarDay?
    /// Carried days lost unused.
    package var expired: Decimal
    package var approved: Decimal
    package var requested: Decimal

    package var balance: Decimal { entitlement + carried - expired - approved - requested }
    /// No entitlement in the year: requests are not limited (`VacationRules.check`), so there is
    /// no balance to show, only the days taken.
    package var unlimited: Bool { entitlement == 0 }
}

/// Why a balance cannot be given.
package enum VacationError: Error, Equatable {
    /// The year is before the person's first contract (or they have none).
    case beforeStart(CalendarDay?)
    /// The request takes more days than are left in `year`.
    case exceeded(year: Int, balance: Decimal, requested: Decimal)
}

/// Vacation entitlement and balances, as pure functions.
package enum VacationRules {
    /// Contracts that earn vacation here: employment (HPP). Agreements (DPP, DPČ) and
    /// contractors take time off without a yearly entitlement.
    package static let earningTypes: Set<ContractType> = [.hpp]

    /// The year's days as an admin set them; otherwise `yearlyDays` × the share of the year under
    /// an earning contract × the capacity's share of full time, rounded down to half days (the
    /// Labour Code rounds a pro rata entitlement in the employee's favour only by whole shifts;
    /// half days keep it fair).
    package static func entitlement(year: Int, basis: VacationBasis, policy: VacationPolicy) -> Decimal {
        if let set = basis.setEntitlements[year] { return set }
        let first = CalendarDay(year: year, month: 1, day: 1), last = CalendarDay(year: year, month: 12, day: 31)
        let daysInYear = last.daysSinceEpoch - first.daysSinceEpoch + 1
        var covered = Set<Int>()
        for contract in basis.contracts where earningTypes.contains(contract.type) {
            let from = max(contract.from.daysSinceEpoch, first.daysSinceEpoch)
            let to = min(contract.to?.daysSinceEpoch ?? last.daysSinceEpoch, last.daysSinceEpoch)
            if from <= to { covered.formUnion(from...to) }
        }
        guard !covered.isEmpty, policy.fullTimeHours > 0 else { return 0 }
        let capacityShare = min(basis.weeklyCapacity / policy.fullTimeHours, 1)
        let days = policy.yearlyDays * Decimal(covered.count) / Decimal(daysInYear) * capacityShare
        return roundedDownToHalf(days)
    }

    /// The vacation days of `absence` that fall in `year` (and on or before `until`, when given).
    package static func days(of absence: Absence, in year: Int, until: CalendarDay? = nil) -> Decimal {
        let first = CalendarDay(year: year, month: 1, day: 1)
        var last = CalendarDay(year: year, month: 12, day: 31)
        if let until, until < last { last = until }
        let from = max(absence.firstDay, first), to = min(absence.lastDay, last)
        guard from <= to else { return 0 }
        switch absence.part {
        case .full: return Decimal(TimeRules.workingDays(DayRange(from: from, to: to)).count)
        case .morning, .afternoon, .hours: return absence.workingDays
        }
    }

    /// The balance of `year` on `asOf` (carried days expire after their day).
    package static func balance(year: Int, basis: VacationBasis, policy: VacationPolicy, asOf: CalendarDay) -> Result<VacationBalance, VacationError>
    {
        let start = basis.contracts.map(\.from).min()
        guard let start, start.year <= year else { return .failure(.beforeStart(start)) }
        let earned = entitlement(year: year, basis: basis, policy: policy)
        let taken = { (y: Int, states: Set<AbsenceState>, until: CalendarDay?) in
            basis.vacations.filter { states.contains($0.state) }.reduce(Decimal(0)) { $0 + days(of: $1, in: y, until: until) }
        }
        var carried: Decimal = 0
        var expires: CalendarDay?
        var expired: Decimal = 0
        if policy.carryOver, start.year < year {
            carried = max(0, entitlement(year: year - 1, basis: basis, policy: policy) - taken(year - 1, [.approved], nil))
            if carried > 0 {
                let expiry = policy.carryOverExpires.day(in: year)
                expires = expiry
                if asOf > expiry { expired = max(0, carried - taken(year, AbsenceWorkflow.holdingStates, expiry)) }
            }
        }
        return .success(
            VacationBalance(
                year: year, entitlement: earned, entitlementSet: basis.setEntitlements[year] != nil, carried: carried, carriedExpires: expires,
                expired: expired,
                approved: taken(year, [.approved], nil), requested: taken(year, [.requested], nil)))
    }

    /// Whether a new request fits every year it touches; its days must not take a balance below
    /// zero. People without an entitlement in a year (contractors) are not limited there.
    package static func check(
        _ request: Absence, basis: VacationBasis, policy: VacationPolicy, today: CalendarDay
    ) -> VacationError? {
        for year in request.firstDay.year...request.lastDay.year {
            let asking = days(of: request, in: year)
            guard asking > 0, entitlement(year: year, basis: basis, policy: policy) > 0 else { continue }
            guard case .success(let balance) = balance(year: year, basis: basis, policy: policy, asOf: max(today, request.lastDay)) else { continue }
            if asking > balance.balance { return .exceeded(year: year, balance: balance.balance, requested: asking) }
        }
        return nil
    }

    /// Days an admin may set for a year: 0 to 366 in half days.
    package static func validSetEntitlement(_ days: Decimal) -> Bool {
        days >= 0 && days <= 366 && roundedDownToHalf(days) == days
    }

    private static func roundedDownToHalf(_ value: Decimal) -> Decimal {
        var doubled = value * 2, rounded = Decimal()
        NSDecimalRound(&rounded, &doubled, 0, .down)
        return rounded / 2
    }
}
