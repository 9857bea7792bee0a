import Foundation

/// A supplier's bank account: the Czech domestic form (`19-2000145399/0800`: prefix, number and
/// bank code, both numbers with their mod-11 check, a bank code the Czech National Bank lists) or
/// an IBAN (its mod-97 check). A Czech account is kept in both forms, each derived from the other.
package struct BankAccount: Sendable, Hashable {
    /// Upper case, no spaces: `CZ6508000000192000145399`.
    package let iban: String
    /// `19-2000145399/0800` for a Czech account (no prefix when it is zero).
    package let domestic: String?

    package enum Problem: String, Error, Sendable, Equatable {
        /// Neither `[prefix-]number/bank-code` nor an IBAN.
        case format
        /// A prefix or number whose mod-11 check fails.
        case checkDigit = "check_digit"
        case unknownBank = "unknown_bank"
        /// An IBAN whose mod-97 check fails, or of a length its country does not use.
        case iban
    }

    /// Reads either form (spaces ignored); throws why it is not an account.
    package init(_ text: String) throws(Problem) {
        let compact = String(text.unicodeScalars.filter { $0 != " " && $0 != "\u{A0}" }.map(Character.init))
        guard !compact.isEmpty, compact.count <= 40 else { throw .format }
        if compact.contains("/") {
            self = try Self.domestic(compact)
        } else {
            self = try Self.iban(compact.uppercased())
        }
    }

    /// The same account in the form a Czech bank's batch file wants: prefix (6 digits), number
    /// (10 digits) and bank code; nil for a foreign account.
    package var czechParts: (prefix: String, number: String, bankCode: String)? {
        guard iban.hasPrefix("CZ"), iban.count == 24 else { return nil }
        let digits = Array(iban.dropFirst(4))
        return (String(digits[4..<10]), String(digits[10..<20]), String(digits[0..<4]))
    }

    /// IBAN in groups of four, as printed.
    package var ibanPrinted: String {
        stride(from: 0, to: iban.count, by: 4).map { start in
            let from = iban.index(iban.startIndex, offsetBy: start)
            return String(iban[from..<(iban.index(from, offsetBy: 4, limitedBy: iban.endIndex) ?? iban.endIndex)])
        }.joined(separator: " ")
    }

    private init(iban: String, domestic: String?) {
        self.iban = iban
        self.domestic = domestic
    }

    private static func domestic(_ text: String) throws(Problem) -> BankAccount {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, halves[1].count == 4, halves[1].allSatisfy(\.isASCIIDigit) else { throw .format }
        let parts = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { throw .format }
        let prefix = parts.count == 2 ? String(parts[0]) : "0"
        let number = String(parts[parts.count - 1])
        guard prefix.count <= 6, number.count <= 10, number.count >= 2 else { throw .format }
        let bankCode = String(halves[1])
        guard Self.weightedSum(prefix, weights: [10, 5, 8, 4, 2, 1]) % 11 == 0,
            Self.weightedSum(number, weights: [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]) % 11 == 0,
            number.filter({ $0 != "0" }).count >= 2
        else { throw .checkDigit }
        guard CzechBankCodes.known.contains(bankCode) else { throw .unknownBank }
        let basic = bankCode + pad(prefix, 6) + pad(number, 10)
        guard let check = ibanCheckDigits(country: "CZ", basic: basic) else { throw .format }
        let trimmedPrefix = String(prefix.drop { $0 == "0" })
        let trimmedNumber = String(number.drop { $0 == "0" })
        return BankAccount(
            iban: "CZ" + check + basic, domestic: (trimmedPrefix.isEmpty ? "" : trimmedPrefix + "-") + trimmedNumber + "/" + bankCode)
    }

    private static func iban(_ text: String) throws(Problem) -> BankAccount {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 15, scalars.count <= 34, scalars.prefix(2).allSatisfy({ ("A"..."Z").contains($0) }),
            scalars.dropFirst(2).prefix(2).allSatisfy({ ("0"..."9").contains($0) }),
            scalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else { throw .format }
        guard mod97(String(text.dropFirst(4)) + text.prefix(4)) == 1 else { throw .iban }
        guard text.hasPrefix("CZ") else { return BankAccount(iban: text, domestic: nil) }
        guard text.count == 24 else { throw .iban }
        let digits = Array(text.dropFirst(4))
        let (bankCode, prefix, number) = (String(digits[0..<4]), String(digits[4..<10]), String(digits[10..<20]))
        // A Czech IBAN holds a domestic account: its checks and bank code apply as well.
        return try domestic("\(prefix)-\(number)/\(bankCode)")
    }

    private static func pad(_ digits: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func weightedSum(_ digits: String, weights: [Int]) -> Int {
        zip(Array(pad(digits, weights.count)), weights).reduce(0) { $0 + ($1.0.wholeNumberValue ?? 0) * $1.1 }
    }

    /// ISO 13616's check digits for a country and its basic account number.
    private static func ibanCheckDigits(country: String, basic: String) -> String? {
        guard let remainder = mod97(basic + country + "00") else { return nil }
        let check = 98 - remainder
        return check < 10 ? "0\(check)" : "\(check)"
    }

    /// The remainder of the digits (letters as 10–35) divided by 97, a digit at a time.
    private static func mod97(_ text: String) -> Int? {
        var remainder = 0
        for scalar in text.unicodeScalars {
            let value: Int
            switch scalar {
            case "0"..."9": value = Int(scalar.value - 48)
            case "A"..."Z": value = Int(scalar.value - 55)
            default: return nil
            }
            remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97
        }
        return remainder
    }
}
