import Foundation

/// Reads a GPC statement (the Czech banks' ABO statement): Windows-1250 lines of 128 characters,
/// a `074` header naming the account, then a `075` line per movement.
///
/// A `075` line, by 1-based column: 1–3 `075`; 4–19 our account; 20–35 the counterparty's
/// account (prefix 6, number 10); 36–48 the movement's id; 49–60 the amount in haléř; 61 the kind
/// (1 debit, 2 credit, 4 reversed debit, 5 reversed credit); 62–71 the variable symbol; 72–81
/// `00`, the counterparty's bank code (4) and the constant symbol (4); 82–91 the specific symbol;
/// 92–97 the value date; 98–117 the counterparty's name; 118 `0`; 119–122 the currency (ISO
/// 4217 number); 123–128 the booking date (DDMMYY).
package enum GPCReader {
    static let lineLength = 128

    package static func read(_ bytes: Data) throws(BankStatementProblem) -> BankStatement {
        guard let text = String(data: bytes, encoding: .windowsCP1250) else { throw BankStatementProblem(.notAStatement) }
        let rows = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard rows.count <= BankStatementReader.maximumLines + 1 else { throw BankStatementProblem(.tooLarge) }
        guard let header = rows.first.map({ Array($0.unicodeScalars) }), header.count == lineLength, String(field(header, 1, 3)) == "074"
        else { throw BankStatementProblem(.notAStatement) }
        let account = String(field(header, 4, 19))
        guard account.allSatisfy(\.isASCIIDigit) else { throw BankStatementProblem(.invalid) }
        var lines: [BankStatementLine] = []
        lines.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            let scalars = Array(row.unicodeScalars)
            // A statement of several pages repeats the header; only its account matters.
            if scalars.count == lineLength, String(field(scalars, 1, 3)) == "074" {
                guard String(field(scalars, 4, 19)) == account else { throw BankStatementProblem(.invalid) }
                continue
            }
            // A problem names the movement's number (the header aside), as an import's answer does.
            guard let line = movement(scalars, account: account) else { throw BankStatementProblem(.invalid, line: lines.count + 1) }
            lines.append(line)
        }
        return BankStatement(
            format: .gpc, account: .domestic(prefix: String(account.prefix(6)), number: String(account.suffix(10))),
            identifier: nil, lines: lines
        )
    }

    private static func movement(_ s: [Unicode.Scalar], account: String) -> BankStatementLine? {
        guard s.count == lineLength, String(field(s, 1, 3)) == "075", String(field(s, 4, 19)) == account else { return nil }
        let counter = String(field(s, 20, 35)), bank = String(field(s, 74, 77))
        let amountDigits = String(field(s, 49, 60)), kind = String(field(s, 61, 61))
        guard counter.allSatisfy(\.isASCIIDigit), amountDigits.allSatisfy(\.isASCIIDigit), let hundredths = Int64(amountDigits),
            hundredths > 0, ["1", "2", "4", "5"].contains(kind), let booked = day(String(field(s, 123, 128))),
            let currency = currency(String(field(s, 119, 122)))
        else { return nil }
        let symbol = String(field(s, 62, 71))
        let prefix = String(counter.prefix(6)).drop { $0 == "0" }, number = String(counter.suffix(10)).drop { $0 == "0" }
        let counterAccount = number.isEmpty ? nil : try? BankAccount((prefix.isEmpty ? "" : prefix + "-") + number + "/" + bank)
        let name = String(field(s, 98, 117)).trimmingCharacters(in: .whitespaces)
        let reference = String(field(s, 36, 48)).trimmingCharacters(in: .whitespaces)
        return BankStatementLine(
            reference: reference.isEmpty ? nil : reference, bookingDate: booked, amount: Decimal(hundredths) / 100, currency: currency,
            isDebit: kind == "1" || kind == "4", isReversal: kind == "4" || kind == "5",
            variableSymbol: symbol.allSatisfy(\.isASCIIDigit) ? BankStatementReader.variableSymbol(in: [symbol]) : nil,
            counterAccount: counterAccount?.iban, counterName: name.isEmpty ? nil : name
        )
    }

    /// Columns `from` through `to`, 1-based and inclusive, of a line of `lineLength`.
    private static func field(_ scalars: [Unicode.Scalar], _ from: Int, _ to: Int) -> String.UnicodeScalarView {
        String.UnicodeScalarView(scalars[(from - 1)..<to])
    }

    private static func day(_ ddmmyy: String) -> CalendarDay? {
        guard ddmmyy.utf8.count == 6, ddmmyy.allSatisfy(\.isASCIIDigit) else { return nil }
        let digits = Array(ddmmyy)
        return CalendarDay("20" + String(digits[4..<6]) + "-" + String(digits[2..<4]) + "-" + String(digits[0..<2]))
    }

    /// ISO 4217 numbers of the currencies runs pay in.
    private static func currency(_ number: String) -> String? {
        switch number {
        case "0203": "CZK"
        case "0978": "EUR"
        default: number.allSatisfy(\.isASCIIDigit) ? number : nil
        }
    }
}
