import Foundation
import StaffbookCore

/// Bank statements from outside: camt.053 and GPC. What is read must hold what the import
/// relies on: positive amounts within numeric(14, 2), dates the database takes, symbols of at
/// most 10 digits, accounts as valid IBANs; and matching it against payments never traps.
extension FuzzTargets {
    static let ourAccount: BankAccount? = try? BankAccount("2000100027/2010")

    static func camt053(_ bytes: [UInt8]) {
        guard let statement = try? Camt053Reader.read(Data(bytes)) else { return }
        requireUsable(statement)
    }

    static func gpc(_ bytes: [UInt8]) {
        guard let statement = try? GPCReader.read(Data(bytes)) else { return }
        requireUsable(statement)
    }

    static func requireUsable(_ statement: BankStatement) {
        for line in statement.lines {
            guard line.amount > 0, line.amount < 1_000_000_000_000 else { fatalError("statement: amount \(line.amount) accepted") }
            guard (1900...2200).contains(line.bookingDate.year) else { fatalError("statement: booking date \(line.bookingDate.iso)") }
            if let symbol = line.variableSymbol, symbol.utf8.count > 10 || !symbol.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                fatalError("statement: variable symbol \(symbol) accepted")
            }
            if let account = line.counterAccount, (try? BankAccount(account))?.iban != account {
                fatalError("statement: counter-account \(account) is not an IBAN")
            }
        }
        let sent = statement.lines.prefix(50).enumerated().map { index, line in
            SentPayment(
                itemId: UUID(), amount: line.amount, currency: line.currency, variableSymbol: index % 2 == 0 ? line.variableSymbol : nil,
                account: line.counterAccount ?? "CZ0000000000000000000000"
            )
        }
        let result = StatementMatching.match(statement.lines, sent: sent)
        // A second debit of a payment already matched in the statement is its own outcome.
        let accounted = result.matched.count + Set(result.partial.map(\.line)).count + result.unmatched.count + result.paidTwice.count
        guard accounted == statement.lines.count else {
            fatalError("matching: a line is neither matched, partial, paid twice nor unmatched")
        }
        if let ourAccount { _ = statement.account.isSame(as: ourAccount) }
    }
}
