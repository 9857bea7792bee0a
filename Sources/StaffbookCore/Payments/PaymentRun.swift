import Foundation

/// A run's state: made, its file gone to the bank, paid as its statement shows, or called off.
package enum PaymentRunState: String, Sendable, CaseIterable, Codable {
    case draft, sent
    case partiallyPaid = "partially_paid"
    case paid, cancelled
}

/// One payment of a run: waiting for the statement, seen paid on it, refused by the bank, or
/// called off with its run.
package enum PaymentItemState: String, Sendable, CaseIterable, Codable {
    case pending, paid, failed, cancelled
}

/// One approved invoice to be paid, with what the payment says as it was when the run was made.
package struct PaymentRunItem: Sendable, Equatable {
    package var id: UUID
    package var invoiceId: UUID
    package var personId: UUID
    package var period: CalendarMonth
    package var state: PaymentItemState
    package var amount: Decimal
    package var currency: String
    package var creditorName: String
    /// IBAN.
    package var bankAccount: String
    package var variableSymbol: String?
    package var dueDate: CalendarDay
    package var message: String
    /// The statement's booking day, once paid.
    package var paidOn: CalendarDay?

    package init(
        id: UUID, invoiceId: UUID, personId: UUID, period: CalendarMonth, state: PaymentItemState, amount: Decimal, currency: String,
        creditorName: String, bankAccount: String, variableSymbol: String?, dueDate: CalendarDay, message: String, paidOn: CalendarDay?
    ) {
        self.id = id
        self.invoiceId = invoiceId
        self.personId = personId
        self.period = period
        self.state = state
        self.amount = amount
        self.currency = currency
        self.creditorName = creditorName
        self.bankAccount = bankAccount
        self.variableSymbol = variableSymbol
        self.dueDate = dueDate
        self.message = message
        self.paidOn = paidOn
    }

    /// The bank order this item asks for; nil when the stored account is not one.
    package var order: PaymentOrder? {
        guard let account = try? BankAccount(bankAccount) else { return nil }
        return PaymentOrder(
            id: id, amount: amount, currency: currency, creditorName: creditorName, creditorAccount: account, variableSymbol: variableSymbol,
            dueDate: dueDate, message: message
        )
    }
}

/// A count and a sum in one currency.
package struct CurrencyTotal: Sendable, Equatable {
    package var currency: String
    package var count: Int
    package var total: Decimal

    package init(currency: String, count: Int, total: Decimal) {
        self.currency = currency
        self.count = count
        self.total = total
    }

    /// Per currency, in currency order; items called off or refused do not count.
    package static func of(_ items: [PaymentRunItem]) -> [CurrencyTotal] {
        let counted = items.filter { $0.state == .pending || $0.state == .paid }
        return Dictionary(grouping: counted, by: \.currency).map { currency, items in
            CurrencyTotal(currency: currency, count: items.count, total: items.reduce(Decimal()) { $0 + $1.amount })
        }.sorted { $0.currency < $1.currency }
    }
}

/// One change of a run: who, when, from and to which state.
package struct PaymentRunEvent: Sendable, Equatable {
    package var at: Date
    package var actorId: UUID?
    package var action: String
    package var from: PaymentRunState?
    package var to: PaymentRunState
    package var detail: String?
    /// Who acted, by name as they are now.
    package var actorName: String?

    package init(at: Date, actorId: UUID?, action: String, from: PaymentRunState?, to: PaymentRunState, detail: String?) {
        self.at = at
        self.actorId = actorId
        self.action = action
        self.from = from
        self.to = to
        self.detail = detail
    }
}

package struct PaymentRun: Sendable, Equatable {
    package var id: UUID
    package var number: Int
    package var state: PaymentRunState
    package var version: Int
    package var createdBy: UUID
    package var createdAt: Date
    package var sentAt: Date?
    package var paidAt: Date?
    package var cancelledAt: Date?
    package var items: [PaymentRunItem]
    package var events: [PaymentRunEvent]
    /// Made under the four-eyes rule: its file waits for a second admin's approval.
    package var approvalRequired: Bool = false
    package var approvedBy: UUID?
    package var approvedAt: Date?
    /// Who made it and who approved it, by name as they are now.
    package var createdByName: String?
    package var approvedByName: String?

    package init(
        id: UUID, number: Int, state: PaymentRunState, version: Int, createdBy: UUID, createdAt: Date, sentAt: Date?, paidAt: Date?,
        cancelledAt: Date?, items: [PaymentRunItem], events: [PaymentRunEvent]
    ) {
        self.id = id
        self.number = number
        self.state = state
        self.version = version
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.sentAt = sentAt
        self.paidAt = paidAt
        self.cancelledAt = cancelledAt
        self.items = items
        self.events = events
    }

    package var totals: [CurrencyTotal] { CurrencyTotal.of(items) }

    /// The run as the engine decides over it.
    package var snapshot: PaymentRunSnapshot {
        PaymentRunSnapshot(
            id: id, number: number, state: state, version: version, createdBy: createdBy, approvalRequired: approvalRequired,
            approvedBy: approvedBy, items: items.map(\.state))
    }

    /// A draft made under the four-eyes rule that no second admin has approved yet (the engine's).
    package var awaitsApproval: Bool { snapshot.awaitsApproval }

    /// What the run can take now, as the engine allows it (to anyone: a viewer's own is
    /// `PaymentRunEngine.allowedActions` with the viewer).
    package var actions: [String] { PaymentRunEngine.allowedActions(snapshot, viewer: nil, standing: nil) }
}
