import Foundation

/// What a notification tells.
package enum NotificationKind: String, Sendable, CaseIterable, Codable {
    case invitation
    case passwordReset = "password_reset"
    case statementReady = "statement_ready"
    case invoiceReminder = "invoice_reminder"
    case missingInvoicesDigest = "missing_invoices_digest"
    case invoiceReturned = "invoice_returned"
    /// A return taken back by an admin: the invoice is submitted again, nothing to replace.
    case invoiceReturnWithdrawn = "invoice_return_withdrawn"
    case invoiceApproved = "invoice_approved"
    case invoicePaid = "invoice_paid"
    case rateAnnounced = "rate_announced"
    /// The bank account invoices are paid to was changed (by the person or an admin).
    case bankAccountChanged = "bank_account_changed"
    /// Month-end: the person tracked time in the month and has not submitted it.
    case timesheetReminder = "timesheet_reminder"
    /// Month-end: a leader's members have submitted months waiting for approval.
    case timesheetApprovalReminder = "timesheet_approval_reminder"
    /// To the leaders of a person's teams (admins when they have none): time off to decide.
    case absenceRequested = "absence_requested"
    /// To the person: their time off approved, rejected or cancelled by someone else.
    case absenceDecided = "absence_decided"
    /// To every admin: an integration's webhook endpoint was turned off after failing for days.
    case webhookDisabled = "webhook_disabled"
    /// To the person, at the address they had: their data was erased on their request.
    case personalDataErased = "personal_data_erased"
    /// To whoever asked for a person's export: it is made, and the link fetches it for a week.
    case personalDataReady = "personal_data_ready"
    /// To every other admin: one admin asked for a change of who is an admin (or an erasure)
    /// that waits for a second admin.
    case secondAdminRequested = "second_admin_requested"

    /// An invitation and a password reset carry a link that sets a password.
    package var isAccountLink: Bool { self == .invitation || self == .passwordReset }

    /// Account links and a changed bank account always go, and only to the person's own
    /// e-mail: a changed account is the classic invoice fraud, and a chat may be someone else's.
    package var isAlwaysByEmail: Bool {
        isAccountLink || self == .bankAccountChanged || self == .personalDataErased || self == .personalDataReady
            || self == .secondAdminRequested
    }

    /// The kinds a person chooses a channel for.
    package static let choosable = allCases.filter { !$0.isAlwaysByEmail }
}

/// How a notification travels.
package enum NotificationChannel: String, Sendable, Codable {
    case email, chat
}

/// What a person wants for a kind of notification.
package enum NotificationPreference: String, Sendable, Codable, CaseIterable {
    case email, chat, off
}

package enum NotificationState: String, Sendable, Codable, CaseIterable {
    case pending, sent, skipped, failed
}
