import Foundation

/// What an admin's confirmation of an invoice's changed bank account writes: confirmed (money
/// may go there), or only asked for under four eyes; its event and audit entry.
package struct AccountConfirmationChange: Sendable, Equatable {
    /// `confirm_bank_account`, or `confirm_bank_account_requested`.
    package var event: String
    /// The account confirmed or asked about.
    package var account: String
    /// Recorded as asked: a second admin's confirmation completes it.
    package var requested: Bool
    /// Who confirms (with the moment, the request cleared), when not only asked.
    package var confirmedBy: UUID?
    /// Who asks, when only asked.
    package var requestedBy: UUID?
}

extension InvoiceEngine {
    /// An admin's confirmation of the account a submitted invoice names, as a pure function of
    /// the invoice (as locked), the admin and the four-eyes rule as it stands.
    package static func confirmAccount(
        on invoice: InvoiceSnapshot, by actorId: UUID, standing: FourEyesStanding, condition: VersionCondition
    ) -> Result<AccountConfirmationChange, InvoiceRefusal> {
        guard condition.matches(invoice.version) else { return .failure(.stale) }
        if let run = invoice.openRun { return .failure(.inPaymentRun(run: run)) }
        guard let account = invoice.bankAccount, invoice.state == .submitted else { return .failure(.noAccountToConfirm(state: invoice.state)) }
        switch AccountConfirmation.decide(requestedBy: invoice.accountConfirmRequestedBy, actorId: actorId, standing: standing) {
        case .ownRequest: return .failure(.ownRequest)
        case .notASecond(let refusal): return .failure(.notASecond(refusal))
        case .request:
            return .success(
                AccountConfirmationChange(event: "confirm_bank_account_requested", account: account, requested: true, requestedBy: actorId))
        case .confirm:
            return .success(AccountConfirmationChange(event: "confirm_bank_account", account: account, requested: false, confirmedBy: actorId))
        }
    }

    /// Whether an invoice's confirmed account (and a confirmation asked for) still stands once
    /// its data names `account`: only while it names the same one.
    package static func confirmationStands(_ invoice: InvoiceSnapshot, accountNow account: String?) -> Bool {
        invoice.bankAccount == account
    }

    /// Whether checks computed now may be stored: only while the invoice waits for a decision,
    /// so an approval is made on the checks it saw and they stay what it saw.
    package static func storesChecks(_ invoice: InvoiceSnapshot) -> Bool {
        invoice.state == .submitted || invoice.state == .returned
    }
}
