import Foundation

/// Everything a statement needs to know about a person for one month.
package struct StatementCandidate: Sendable {
    package var person: InvoicePerson
    package var weeklyCapacity: Decimal
    /// The statement contracts (HPP, DPP, DPC) touching the month.
    package var contractRanges: [(type: ContractType, from: CalendarDay, to: CalendarDay?)]
    /// The rates in effect (a superseded rate is left out: its correction stands in).
    package var rates: [(effectiveFrom: CalendarDay, amount: Decimal)]
    /// The month's invoice, if the person has one.
    package var existing: ExistingStatement?
    /// The hours the person tracked each day of the month (empty: none).
    package var trackedHours: [CalendarDay: Decimal]
    /// The hours they tracked on each project ("Client / Project"), by name.
    package var projectHours: [(name: String, hours: Decimal)]
    /// Their approved time off touching the month, with what its kind pays.
    package var timeOff: [StatementCalculator.PaidTimeOff] = []

    package func covers(_ day: CalendarDay) -> Bool {
        contractRanges.contains { range in day >= range.from && range.to.map { day <= $0 } ?? true }
    }

    /// The contract types, each once, in the order their contracts start.
    package var contractTypes: [ContractType] {
        var types: [ContractType] = []
        for range in contractRanges.sorted(by: { $0.from < $1.from }) where !types.contains(range.type) { types.append(range.type) }
        return types
    }

    package init(
        person: InvoicePerson, weeklyCapacity: Decimal, contractRanges: [(type: ContractType, from: CalendarDay, to: CalendarDay?)],
        rates: [(effectiveFrom: CalendarDay, amount: Decimal)], existing: ExistingStatement? = nil,
        trackedHours: [CalendarDay: Decimal] = [:], projectHours: [(name: String, hours: Decimal)] = []
    ) {
        self.person = person
        self.weeklyCapacity = weeklyCapacity
        self.contractRanges = contractRanges
        self.rates = rates
        self.existing = existing
        self.trackedHours = trackedHours
        self.projectHours = projectHours
    }
}
