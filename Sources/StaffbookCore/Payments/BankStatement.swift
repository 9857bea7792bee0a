import Foundation

/// A bank statement as read from the bank's file: whose account, and its lines.
package struct BankStatement: Sendable, Equatable {
    package enum Format: String, Sendable, CaseIterable, Codable {
        /// ISO 20022 bank-to-customer statement (XML).
        case camt053
        /// The Czech banks' ABO statement (fixed-width lines `074` and `075`).
        case gpc
    }

    /// The statement's account: an IBAN (camt.053), or a Czech prefix and number without a
    /// bank code (GPC's header carries none).
    package enum Account: Sendable, Equatable {
        case iban(String)
        case domestic(prefix: String, number: String)

        /// Whether this is `account`.
        package func isSame(as account: BankAccount) -> Bool {
            switch self {
            case .iban(let iban): return iban == account.iban
            case .domestic(let prefix, let number):
                guard let parts = account.czechParts else { return false }
                return (parts.prefix, parts.number) == (prefix, number)
            }
        }
    }

    package var format: Format
    package var account: Account
    /// The bank's own statement id, when it gives one.
    package var identifier: String?
    package var lines: [BankStatementLine]
}

/// One booked movement on a statement.
package struct BankStatementLine: Sendable, Hashable {
    /// The bank's reference of the movement (unique per bank and account, when it gives one).
    package var reference: String?
    package var bookingDate: CalendarDay
    /// Positive; `isDebit` says which way it went.
    package var amount: Decimal
    package var currency: String
    /// Money leaving our account (a payment we made).
    package var isDebit: Bool
    /// A reversal of an earlier movement: never a payment.
    package var isReversal: Bool
    package var variableSymbol: String?
    /// The counterparty's account as an IBAN, when the line names one that reads as an account.
    package var counterAccount: String?
    package var counterName: String?

    package init(
        reference: String?, bookingDate: CalendarDay, amount: Decimal, currency: String, isDebit: Bool, isReversal: Bool = false,
        variableSymbol: String?, counterAccount: String?, counterName: String?
    ) {
        self.reference = reference
        self.bookingDate = bookingDate
        self.amount = amount
        self.currency = currency
        self.isDebit = isDebit
        self.isReversal = isReversal
        self.variableSymbol = variableSymbol
        self.counterAccount = counterAccount
        self.counterName = counterName
    }
}

/// Why a statement file is not read.
package struct BankStatementProblem: Error, Sendable, Equatable {
    package enum Code: String, Sendable {
        /// Over the size or line limit.
        case tooLarge = "too_large"
        /// A DOCTYPE or entity declaration: refused unread.
        case declarations
        /// Neither a camt.053 statement nor a GPC file.
        case notAStatement = "not_a_statement"
        /// A line or entry whose fields do not read (`line` says which, from 1).
        case invalid
        /// A statement of another account than ours.
        case notOurAccount = "not_our_account"
    }

    package var code: Code
    package var line: Int?

    package init(_ code: Code, line: Int? = nil) {
        self.code = code
        self.line = line
    }
}

/// Reads either statement format, telling them apart by their first bytes.
package enum BankStatementReader {
    package static let maximumBytes = 32 << 20
    /// Lines of one statement: a month of a company's payments and receipts is hundreds; a file
    /// of more is refused before it costs more.
    package static let maximumLines = 20_000

    /// The statement in `bytes`, which must be of `ourAccount`.
    package static func read(_ bytes: Data, ourAccount: BankAccount) throws(BankStatementProblem) -> BankStatement {
        guard bytes.count <= maximumBytes else { throw BankStatementProblem(.tooLarge) }
        let head = bytes.prefix(3)
        let statement = head.elementsEqual("074".utf8) ? try GPCReader.read(bytes) : try Camt053Reader.read(bytes)
        guard statement.account.isSame(as: ourAccount) else { throw BankStatementProblem(.notOurAccount) }
        return statement
    }

    /// A variable symbol in a reference or message: `VS:123`, `/VS/123`, `VS123`, or a reference
    /// of digits alone; leading zeros dropped (a symbol is a number), at most 10 digits.
    package static func variableSymbol(in candidates: [String?]) -> String? {
        for candidate in candidates.compactMap({ $0 }) {
            let text = candidate.uppercased()
            var digits: Substring?
            if let marker = text.range(of: "VS") {
                let rest = text[marker.upperBound...].drop { $0 == ":" || $0 == "/" || $0 == " " || $0 == "=" }
                digits = rest.prefix { $0.isASCIIDigit }
            } else if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
                digits = Substring(text)
            }
            guard let digits, (1...10).contains(digits.count) else { continue }
            let trimmed = digits.drop { $0 == "0" }
            return trimmed.isEmpty ? "0" : String(trimmed)
        }
        return nil
    }
}
