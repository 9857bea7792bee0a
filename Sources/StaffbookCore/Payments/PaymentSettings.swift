import Foundation

/// The company's side of the pay run: the account it pays from, what its bank imports, and when
/// a sent run that no statement has matched becomes worth a line in the month-end digest.
package struct PaymentSettings: Sendable, Equatable, Codable {
    package var name: String?
    /// IBAN.
    package var account: String?
    package var bic: String?
    package var format: BankFileFormat
    package var unmatchedAfterDays: Int

    package static let allowedUnmatchedAfterDays = 1...60
    package static let nameLength = 1...70

    package init(name: String? = nil, account: String? = nil, bic: String? = nil, format: BankFileFormat = .abo, unmatchedAfterDays: Int = 5) {
        self.name = name
        self.account = account
        self.bic = bic
        self.format = format
        self.unmatchedAfterDays = unmatchedAfterDays
    }

    /// The account runs pay from; nil until an admin has set it.
    package var payer: PayerAccount? {
        guard let name, let account, let parsed = try? BankAccount(account) else { return nil }
        return PayerAccount(name: name, account: parsed, bic: bic, format: format)
    }

    /// A BIC: 8 or 11 letters and digits, the country in the 5th and 6th.
    package static func isBIC(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 8 || scalars.count == 11 else { return false }
        return scalars.enumerated().allSatisfy { index, scalar in
            let letter = ("A"..."Z").contains(scalar)
            let digit = ("0"..."9").contains(scalar)
            return index < 6 ? letter : (letter || digit)
        }
    }
}
