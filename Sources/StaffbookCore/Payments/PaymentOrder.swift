import Foundation

/// One payment a run asks the bank to make: an approved invoice's amount to its supplier's account.
package struct PaymentOrder: Sendable, Hashable {
    /// The run item's id: the file names it (pain.001's instruction id) so a statement leads back.
    package var id: UUID
    package var amount: Decimal
    /// `CZK` or `EUR`.
    package var currency: String
    package var creditorName: String
    package var creditorAccount: BankAccount
    package var variableSymbol: String?
    package var constantSymbol: String?
    package var specificSymbol: String?
    package var dueDate: CalendarDay
    /// For the supplier's statement: the invoice's number and month.
    package var message: String

    package init(
        id: UUID, amount: Decimal, currency: String, creditorName: String, creditorAccount: BankAccount, variableSymbol: String?,
        constantSymbol: String? = nil, specificSymbol: String? = nil, dueDate: CalendarDay, message: String
    ) {
        self.id = id
        self.amount = amount
        self.currency = currency
        self.creditorName = creditorName
        self.creditorAccount = creditorAccount
        self.variableSymbol = variableSymbol
        self.constantSymbol = constantSymbol
        self.specificSymbol = specificSymbol
        self.dueDate = dueDate
        self.message = message
    }
}

/// The company's account the runs pay from, and what its bank imports.
package struct PayerAccount: Sendable, Hashable {
    package var name: String
    package var account: BankAccount
    /// The bank's BIC, for pain.001 (`NOTPROVIDED` is written without it).
    package var bic: String?
    package var format: BankFileFormat

    package init(name: String, account: BankAccount, bic: String?, format: BankFileFormat) {
        self.name = name
        self.account = account
        self.bic = bic
        self.format = format
    }
}

/// The bank files a run can be written as.
package enum BankFileFormat: String, Sendable, CaseIterable, Codable {
    /// The Czech banks' domestic batch format (KPC): fixed-width lines, CZK to Czech accounts.
    case abo
    /// ISO 20022 customer credit transfer initiation, pain.001.001.03: CZK and EUR (SEPA).
    case pain001
}

/// Why a run cannot be written in a format.
package enum PaymentFileProblem: Error, Sendable, Equatable {
    /// ABO carries only CZK to Czech accounts, from a Czech account.
    case notDomestic(UUID)
    case payerNotDomestic
    /// An amount that is not in whole haléř, not positive, or beyond the format's digits.
    case amount(UUID)
}

extension PaymentOrder {
    /// The amount in the currency's hundredths, as digits, when it is whole hundredths, positive
    /// and has at most `digits` of them.
    static func hundredths(_ amount: Decimal, digits: Int) -> String? {
        guard amount > 0, Money.rounded(amount) == amount else { return nil }
        var scaled = amount * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        let text = "\(whole)"
        guard text.count <= digits, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return text
    }

    /// Text a bank's file can carry: diacritics folded, printable ASCII only.
    static func plainText(_ text: String, maxLength: Int) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "cs_CZ"))
        let kept = folded.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        return String(String.UnicodeScalarView(kept).prefix(maxLength)).trimmingCharacters(in: .whitespaces)
    }
}
