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

    /// An invitation and a password reset carry a link that sets a password: they always go, and
    /// only to the person's own e-mail.
    package var isAccountLink: Bool { self == .invitation || self == .passwordReset }

    /// The kinds a person chooses a channel for.
    package static let choosable = allCases.filter { !$0.isAccountLink }
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

/// The facts a notification states, filled in by kind.
package struct NotificationPayload: Codable, Sendable, Equatable {
    /// One person missing an invoice, in a digest.
    package struct MissingPerson: Codable, Sendable, Equatable {
        package var name: String
        package var team: String
        /// What they invoiced the month before, for scale.
        package var previousAmount: String?

        package init(name: String, team: String, previousAmount: String?) {
            self.name = name
            self.team = team
            self.previousAmount = previousAmount
        }
    }

    package var period: String?
    package var amount: String?
    package var reason: String?
    package var effectiveFrom: String?
    /// Which reminder of how many (1 of 4).
    package var sequence: Int?
    package var of: Int?
    package var invoiceId: String?
    /// Invitations and resets: when the link stops working.
    package var expiresAt: Date?
    package var missing: [MissingPerson]?

    package init(
        period: String? = nil, amount: String? = nil, reason: String? = nil, effectiveFrom: String? = nil, sequence: Int? = nil,
        of: Int? = nil, invoiceId: String? = nil, expiresAt: Date? = nil, missing: [MissingPerson]? = nil
    ) {
        self.period = period
        self.amount = amount
        self.reason = reason
        self.effectiveFrom = effectiveFrom
        self.sequence = sequence
        self.of = of
        self.invoiceId = invoiceId
        self.expiresAt = expiresAt
        self.missing = missing
    }
}

/// A notification to write (with its delivery job) in the transaction of what causes it.
package struct NewNotification: Sendable, Equatable {
    /// Chosen before it is written: the e-mail's `Message-ID` and any link token derive from it.
    package var id: UUID
    /// Nil: for the company's chat channel, not a person.
    package var accountId: UUID?
    package var kind: NotificationKind
    package var payload: NotificationPayload

    package init(id: UUID = UUID(), accountId: UUID?, kind: NotificationKind, payload: NotificationPayload) {
        self.id = id
        self.accountId = accountId
        self.kind = kind
        self.payload = payload
    }
}

/// A notification as stored.
package struct NotificationRecord: Sendable, Equatable {
    package var id: UUID
    package var accountId: UUID?
    package var kind: NotificationKind
    package var payload: NotificationPayload
    package var state: NotificationState
    package var channel: NotificationChannel?
    package var createdAt: Date
    package var sentAt: Date?

    package init(
        id: UUID, accountId: UUID?, kind: NotificationKind, payload: NotificationPayload, state: NotificationState,
        channel: NotificationChannel?, createdAt: Date, sentAt: Date?
    ) {
        self.id = id
        self.accountId = accountId
        self.kind = kind
        self.payload = payload
        self.state = state
        self.channel = channel
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}

/// Who a notification goes to, as they are when it is delivered.
package struct Recipient: Sendable, Equatable {
    package var email: String
    package var firstName: String
    package var lastName: String
    package var language: Language
    package var chatWebhookURL: String?
    package var preference: NotificationPreference
    package var isActive: Bool

    package init(
        email: String, firstName: String, lastName: String, language: Language, chatWebhookURL: String?,
        preference: NotificationPreference, isActive: Bool
    ) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.language = language
        self.chatWebhookURL = chatWebhookURL
        self.preference = preference
        self.isActive = isActive
    }
}

/// A person's choices: language, their own chat webhook, and a channel per kind.
package struct NotificationPreferences: Sendable, Equatable {
    package var language: Language
    package var chatWebhookURL: String?
    package var channels: [NotificationKind: NotificationPreference]

    package init(language: Language, chatWebhookURL: String?, channels: [NotificationKind: NotificationPreference]) {
        self.language = language
        self.chatWebhookURL = chatWebhookURL
        self.channels = channels
    }

    /// The channel for a kind: e-mail unless chosen otherwise; account links always e-mail.
    package func preference(for kind: NotificationKind) -> NotificationPreference {
        kind.isAccountLink ? .email : channels[kind] ?? .email
    }
}

/// How a notification goes out, decided when it is delivered.
package enum DeliveryRoute: Sendable, Equatable {
    case email(to: String)
    case chat(webhook: String)
    case skip(reason: String)

    /// The route for a notification to `recipient` (nil: the company's chat, `companyWebhook`).
    package static func route(
        for kind: NotificationKind, recipient: Recipient?, companyWebhook: String?
    ) -> DeliveryRoute {
        guard let recipient else {
            guard let companyWebhook else { return .skip(reason: "no company chat webhook configured") }
            return .chat(webhook: companyWebhook)
        }
        guard recipient.isActive || kind == .invitation else { return .skip(reason: "account deactivated") }
        switch kind.isAccountLink ? .email : recipient.preference {
        case .off:
            return .skip(reason: "turned off by the person")
        case .chat:
            guard let webhook = recipient.chatWebhookURL else { return .email(to: recipient.email) }
            return .chat(webhook: webhook)
        case .email:
            return .email(to: recipient.email)
        }
    }
}

extension InvoiceAction {
    /// What the invoice's owner is told when an admin takes this action; nil for actions that
    /// tell nobody (undoing one, the owner's own).
    package var ownerNotification: NotificationKind? {
        switch self {
        case .return: .invoiceReturned
        case .undoReturn: .invoiceReturnWithdrawn
        case .approve: .invoiceApproved
        case .markPaid: .invoicePaid
        case .upload, .replace, .undoApproval, .undoPayment, .generate, .regenerate: nil
        }
    }
}
