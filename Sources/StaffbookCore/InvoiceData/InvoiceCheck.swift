import Foundation

/// One check of a contractor's invoice against what Staffbook knows.
package struct InvoiceCheck: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        /// The amount against the hours and rates of the month.
        case amount
        /// The supplier's IČO is the person's.
        case supplier
        /// The customer's IČO is ours.
        case customer
        /// The account is the one on file, or an admin confirmed it.
        case bankAccount = "bank_account"
        /// No other invoice of the supplier has this number or variable symbol.
        case duplicate
        /// Issue date within or after the month, a due date, not before the issue date.
        case dates
        /// VAT as a payer's (by its rate) or a non-payer's (none).
        case vat
    }

    package enum Status: String, Sendable, Codable {
        case pass
        case fail
        /// Not wrong, but an admin must say it is right (a new bank account).
        case needsConfirmation = "needs_confirmation"
    }

    package var kind: Kind
    package var status: Status
    /// Why, when not `pass`: a stable code (`over_tolerance`, `no_due_date`, …).
    package var code: String?
    /// For `amount`: what the month's hours and rates give, what was invoiced, the difference.
    package var expected: Decimal?
    package var invoiced: Decimal?
    package var difference: Decimal?
    /// For `amount`: `tracked` (the hours tracked that month) or `capacity` (the contract's).
    package var basis: String?
    /// For `duplicate`: the other invoice.
    package var otherInvoiceId: UUID?

    package init(
        _ kind: Kind, _ status: Status, code: String? = nil, expected: Decimal? = nil, invoiced: Decimal? = nil, difference: Decimal? = nil,
        basis: String? = nil, otherInvoiceId: UUID? = nil
    ) {
        self.kind = kind
        self.status = status
        self.code = code
        self.expected = expected
        self.invoiced = invoiced
        self.difference = difference
        self.basis = basis
        self.otherInvoiceId = otherInvoiceId
    }

    /// Whether an admin has to look (a failing or unconfirmed check).
    package var needsAttention: Bool { status != .pass }
}
