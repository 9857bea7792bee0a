/// Czech company numbers: the IČO (8 digits, the last a mod-11 check of the others) and the DIČ
/// (a VAT number: `CZ` and 8 to 10 digits).
package enum CompanyNumbers {
    /// An IČO with its check digit right; shorter ones (older numbers) are padded with zeros.
    package static func ico(_ text: String) -> String? {
        let digits = text.filter { $0 != " " }
        guard (1...8).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let padded = Array(String(repeating: "0", count: 8 - digits.count) + digits).compactMap(\.wholeNumberValue)
        let sum = zip(padded.prefix(7), [8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 10
        guard padded.count == 8, padded[7] == check else { return nil }
        return padded.map(String.init).joined()
    }

    /// A Czech DIČ, upper case, without spaces. Its digits are checked as what they are: a
    /// company's IČO (8 digits, its check digit) or a person's birth number (10 digits, divisible
    /// by 11, or of the few whose remainder 10 ends in 0; 9 digits, from before 1954, have none).
    package static func dic(_ text: String) -> String? {
        let compact = text.filter { $0 != " " }.uppercased()
        guard compact.hasPrefix("CZ"), (10...12).contains(compact.count), compact.dropFirst(2).allSatisfy(\.isASCIIDigit) else { return nil }
        let digits = String(compact.dropFirst(2))
        switch digits.count {
        case 8:
            guard ico(digits) == digits else { return nil }
        case 10:
            guard let number = Int(digits) else { return nil }
            let remainder = (number / 10) % 11
            guard number % 11 == 0 || (remainder == 10 && number % 10 == 0) else { return nil }
        default:
            break
        }
        return compact
    }
}
