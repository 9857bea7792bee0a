import Foundation

/// What is approved is what is paid: an approval keeps the account and the amount it saw, a
/// payment run pays those, and a change of the owner's account sends back what was approved to
/// be paid to the old one. Said here once; the store reads the columns and asks.
package enum InvoicePayee {
    /// The account an approval keeps: the invoice's own, else its owner's.
    package static func accountToApprove(_ invoice: InvoiceSnapshot?) -> String? {
        invoice?.bankAccount ?? invoice?.ownerAccount
    }

    /// Where a payment of the invoice goes: an approved one's kept account (one approved before
    /// accounts were kept, or loaded as data, falls back to its own and then its owner's); an
    /// invoice not approved shows where it would go.
    package static func account(state: InvoiceState, approved: String?, invoice: String?, owner: String?) -> String? {
        state == .approved ? approved ?? invoice ?? owner : invoice ?? owner
    }

    /// What a payment of the invoice pays: the approved amount, else the invoice's.
    package static func amount(approved: Decimal?, amount: Decimal) -> Decimal {
        approved ?? amount
    }

    /// Whether the owner's account changing to `account` sends this invoice back to the desk: an
    /// approved one that names no account of its own was approved to be paid to the old one
    /// (not one a run holds: the run pays the account it copied).
    package static func goesBack(_ invoice: InvoiceSnapshot, ownerAccountNow account: String?) -> Bool {
        invoice.state == .approved && invoice.bankAccount == nil && invoice.approvedAccount != account && invoice.openRun == nil
    }
}
