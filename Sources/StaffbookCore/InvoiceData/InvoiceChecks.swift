import Foundation

/// What an invoice is checked against: its data, the person's billing details, the month's
/// expected amount, and the supplier's other invoices.
package struct InvoiceCheckInput: Sendable {
    package var month: CalendarMonth
    package var data: InvoiceData
    /// The amount the invoice was uploaded with (its total).
    package var amount: Decimal
    package var profileIco: String?
    package var profileDic: String?
    package var profileAccount: BankAccount?
    /// The account an admin confirmed for this invoice, as an IBAN.
    package var confirmedAccount: String?
    package var companyIco: String?
    package var expected: ExpectedAmount?
    /// Other invoices of the same supplier with the same number or variable symbol.
    package var duplicates: [UUID]
    /// Percent the amount may differ from the expected one and still pass.
    package var tolerancePercent: Decimal

    package init(
        month: CalendarMonth, data: InvoiceData, amount: Decimal, profileIco: String?, profileDic: String?, profileAccount: BankAccount?,
        confirmedAccount: String?, companyIco: String?, expected: ExpectedAmount?, duplicates: [UUID], tolerancePercent: Decimal
    ) {
        self.month = month
        self.data = data
        self.amount = amount
        self.profileIco = profileIco
        self.profileDic = profileDic
        self.profileAccount = profileAccount
        self.confirmedAccount = confirmedAccount
        self.companyIco = companyIco
        self.expected = expected
        self.duplicates = duplicates
        self.tolerancePercent = tolerancePercent
    }
}

/// The month's expected amount and how it was found.
package struct ExpectedAmount: Sendable, Equatable {
    package enum Basis: String, Sendable {
        /// The hours the person tracked that month, each day at its rate.
        case tracked
        /// The contract's capacity at the rates, as statements compute it.
        case capacity
    }

    package var amount: Decimal
    package var hours: Decimal
    package var basis: Basis

    package init(amount: Decimal, hours: Decimal, basis: Basis) {
        self.amount = amount
        self.hours = hours
        self.basis = basis
    }

    /// What a contractor's month should cost: tracked hours × each day's rate when the person
    /// tracked time that month (holidays are not paid to contractors), else the capacity rule of
    /// statements less their approved time off (never paid to contractors). Nil when there is no
    /// rate or no day under contract.
    package static func compute(
        month: CalendarMonth, covered: (CalendarDay) -> Bool, weeklyCapacity: Decimal, rates: [(effectiveFrom: CalendarDay, amount: Decimal)],
        trackedHours: [CalendarDay: Decimal], timeOff: [Absence] = []
    ) -> ExpectedAmount? {
        let unpaid = timeOff.map {
            StatementCalculator.PaidTimeOff(absence: $0, name: LocalizedText(en: $0.kind, cs: $0.kind), paidShare: 0, paidDays: nil)
        }
        guard
            case .success(let statement) = StatementCalculator.compute(
                month: month, covered: covered, weeklyCapacity: weeklyCapacity, rates: rates, givenHours: nil, trackedHours: trackedHours,
                timeOff: unpaid)
        else { return nil }
        switch statement.basis {
        case .tracked:
            let worked = statement.lines.filter { $0.holiday == nil && $0.timeOff == nil }
            return ExpectedAmount(
                amount: worked.reduce(0) { $0 + $1.amount }, hours: worked.reduce(0) { $0 + $1.hours }, basis: .tracked)
        case .capacity, .given:
            let expected = statement.lines.filter { $0.timeOff == nil }
            return ExpectedAmount(amount: statement.amount, hours: expected.reduce(0) { $0 + $1.hours }, basis: .capacity)
        }
    }
}

/// The approval desk's checks, as pure functions of their input.
package enum InvoiceChecks {
    package static func evaluate(_ input: InvoiceCheckInput) -> [InvoiceCheck] {
        [amount(input), supplier(input), customer(input), bankAccount(input), duplicate(input), dates(input), vat(input)]
    }

    /// What was invoiced for the work: the amount without VAT when the invoice says it.
    static func invoiced(_ input: InvoiceCheckInput) -> Decimal {
        input.data.amountWithoutVat ?? input.data.total ?? input.amount
    }

    static func amount(_ input: InvoiceCheckInput) -> InvoiceCheck {
        let invoiced = invoiced(input)
        // What will be paid must be the work and its VAT: a total above them is not checked
        // against the hours by the part that agrees.
        if let without = input.data.amountWithoutVat {
            let payable = input.data.total ?? input.amount
            if (without + (input.data.vatAmount ?? 0) - payable).magnitude > 1 {
                return InvoiceCheck(
                    .amount, .fail, code: "total_not_work_and_vat", expected: without + (input.data.vatAmount ?? 0), invoiced: payable,
                    difference: payable - without - (input.data.vatAmount ?? 0))
            }
        }
        guard let expected = input.expected else { return InvoiceCheck(.amount, .fail, code: "no_expectation", invoiced: invoiced) }
        // Rates are in crowns: an invoice in another currency cannot be compared without a rate
        // of exchange Staffbook does not keep, so an admin looks (never a silent pass or fail).
        if let currency = input.data.currency, currency != .czk {
            return InvoiceCheck(
                .amount, .needsConfirmation, code: "other_currency", expected: expected.amount, invoiced: invoiced,
                basis: expected.basis.rawValue)
        }
        let difference = invoiced - expected.amount
        let allowed = expected.amount.magnitude * input.tolerancePercent / 100
        return InvoiceCheck(
            .amount, difference.magnitude <= allowed ? .pass : .fail, code: difference.magnitude <= allowed ? nil : "over_tolerance",
            expected: expected.amount, invoiced: invoiced, difference: difference, basis: expected.basis.rawValue)
    }

    static func supplier(_ input: InvoiceCheckInput) -> InvoiceCheck {
        guard let ico = input.data.supplierIco else { return InvoiceCheck(.supplier, .fail, code: "missing") }
        guard let profile = input.profileIco else { return InvoiceCheck(.supplier, .fail, code: "no_profile_ico") }
        return ico == profile ? InvoiceCheck(.supplier, .pass) : InvoiceCheck(.supplier, .fail, code: "not_the_persons")
    }

    static func customer(_ input: InvoiceCheckInput) -> InvoiceCheck {
        guard let ico = input.data.customerIco else { return InvoiceCheck(.customer, .fail, code: "missing") }
        guard let ours = input.companyIco else { return InvoiceCheck(.customer, .pass) }
        return ico == ours ? InvoiceCheck(.customer, .pass) : InvoiceCheck(.customer, .fail, code: "not_ours")
    }

    static func bankAccount(_ input: InvoiceCheckInput) -> InvoiceCheck {
        guard let account = input.data.bankAccount else { return InvoiceCheck(.bankAccount, .fail, code: "missing") }
        if account.iban == input.profileAccount?.iban || account.iban == input.confirmedAccount { return InvoiceCheck(.bankAccount, .pass) }
        return InvoiceCheck(.bankAccount, .needsConfirmation, code: input.profileAccount == nil ? "none_on_file" : "not_on_file")
    }

    static func duplicate(_ input: InvoiceCheckInput) -> InvoiceCheck {
        guard let other = input.duplicates.first else { return InvoiceCheck(.duplicate, .pass) }
        return InvoiceCheck(.duplicate, .fail, code: "number_or_symbol", otherInvoiceId: other)
    }

    static func dates(_ input: InvoiceCheckInput) -> InvoiceCheck {
        guard let issued = input.data.issueDate else { return InvoiceCheck(.dates, .fail, code: "no_issue_date") }
        guard issued >= input.month.firstDay else { return InvoiceCheck(.dates, .fail, code: "issued_before_month") }
        guard let due = input.data.dueDate else { return InvoiceCheck(.dates, .fail, code: "no_due_date") }
        guard due >= issued else { return InvoiceCheck(.dates, .fail, code: "due_before_issue") }
        return InvoiceCheck(.dates, .pass)
    }

    /// A payer (a DIČ on the invoice or the profile) charges VAT at its rate; a non-payer none.
    static func vat(_ input: InvoiceCheckInput) -> InvoiceCheck {
        let payer = (input.data.supplierDic ?? input.profileDic) != nil
        let vat = input.data.vatAmount ?? 0
        guard payer else { return vat == 0 ? InvoiceCheck(.vat, .pass) : InvoiceCheck(.vat, .fail, code: "vat_from_non_payer") }
        guard let rate = input.data.vatRate, let base = input.data.amountWithoutVat else {
            return InvoiceCheck(.vat, .fail, code: "no_rate_or_base")
        }
        let expected = Money.rounded(base * rate / 100)
        return (vat - expected).magnitude <= 1 ? InvoiceCheck(.vat, .pass) : InvoiceCheck(.vat, .fail, code: "not_the_rate")
    }
}
