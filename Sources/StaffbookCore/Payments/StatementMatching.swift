import Foundation

/// A payment a sent run is waiting to see on a statement.
package struct SentPayment: Sendable, Hashable {
    package var itemId: UUID
    package var amount: Decimal
    package var currency: String
    package var variableSymbol: String?
    /// The supplier's account as an IBAN.
    package var account: String

    package init(itemId: UUID, amount: Decimal, currency: String, variableSymbol: String?, account: String) {
        self.itemId = itemId
        self.amount = amount
        self.currency = currency
        self.variableSymbol = variableSymbol
        self.account = account
    }
}

/// Pairs a statement's outgoing lines with sent payments. A line pays an item only when the
/// variable symbol, the amount (and currency) and the counter-account all agree; a line that
/// agrees with an item on the symbol or the account but not on everything is a partial match,
/// listed for a person to decide and never applied: with the one candidate that agrees on the
/// most, the others named. Each item and each line is used once. A line that agrees in full with
/// a payment a statement already showed paid (an earlier one, or another line of the same one) is
/// a possible double payment.
package enum StatementMatching {
    package enum Criterion: String, Sendable, Codable, CaseIterable, Comparable {
        case variableSymbol = "variable_symbol"
        case amount
        case account

        package static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    package struct Partial: Sendable, Hashable {
        package var line: Int
        /// The candidate that agrees on the most (the earliest of equals).
        package var itemId: UUID
        /// What agrees (the rest does not).
        package var agreeing: [Criterion]
        /// Other items the line agrees with on something.
        package var others: [UUID] = []
    }

    package struct Result: Sendable {
        /// Line index → the item it pays.
        package var matched: [(line: Int, itemId: UUID)] = []
        package var partial: [Partial] = []
        /// Line index → a paid item it repeats in full.
        package var paidTwice: [(line: Int, itemId: UUID)] = []
        /// Lines that pay nothing of ours: money received, reversals, other payments.
        package var unmatched: [Int] = []
    }

    /// `paid`: payments statements showed paid before.
    package static func match(_ lines: [BankStatementLine], sent: [SentPayment], paid: [SentPayment] = []) -> Result {
        var exact: [Key: [SentPayment]] = [:]
        var bySymbol: [String: [SentPayment]] = [:]
        var byAccount: [String: [SentPayment]] = [:]
        for payment in sent {
            exact[Key(payment), default: []].append(payment)
            if let symbol = payment.variableSymbol { bySymbol[normalized(symbol), default: []].append(payment) }
            byAccount[payment.account, default: []].append(payment)
        }
        var used = Set<UUID>()
        var result = Result()
        var unpaired: [Int] = []
        for (index, line) in lines.enumerated() {
            guard line.isDebit, !line.isReversal, let key = Key(line),
                let payment = exact[key]?.first(where: { !used.contains($0.itemId) })
            else {
                unpaired.append(index)
                continue
            }
            used.insert(payment.itemId)
            result.matched.append((index, payment.itemId))
        }
        var paidBefore: [Key: [SentPayment]] = [:]
        for payment in paid { paidBefore[Key(payment), default: []].append(payment) }
        for index in unpaired {
            let line = lines[index]
            guard line.isDebit, !line.isReversal else {
                result.unmatched.append(index)
                continue
            }
            // The same payment twice: shown paid by an earlier statement, or by a line of this one.
            if let key = Key(line), let earlier = paidBefore[key]?.first ?? exact[key]?.first(where: { used.contains($0.itemId) }) {
                result.paidTwice.append((index, earlier.itemId))
                continue
            }
            var candidates: [SentPayment] = []
            if let symbol = line.variableSymbol { candidates += bySymbol[normalized(symbol)] ?? [] }
            if let account = line.counterAccount { candidates += byAccount[account] ?? [] }
            var seen = Set<UUID>()
            let ranked = candidates.filter { !used.contains($0.itemId) && seen.insert($0.itemId).inserted }
                .map { (payment: $0, agreeing: agreeing(line, $0)) }
                .enumerated().sorted { ($0.element.agreeing.count, -$0.offset) > ($1.element.agreeing.count, -$1.offset) }.map(\.element)
            guard let best = ranked.first else {
                result.unmatched.append(index)
                continue
            }
            result.partial.append(
                Partial(line: index, itemId: best.payment.itemId, agreeing: best.agreeing, others: ranked.dropFirst().map(\.payment.itemId)))
        }
        return result
    }

    private static func agreeing(_ line: BankStatementLine, _ payment: SentPayment) -> [Criterion] {
        var agreeing: [Criterion] = []
        if let symbol = line.variableSymbol, let own = payment.variableSymbol, normalized(symbol) == normalized(own) {
            agreeing.append(.variableSymbol)
        }
        if line.amount == payment.amount, line.currency == payment.currency { agreeing.append(.amount) }
        if line.counterAccount == payment.account { agreeing.append(.account) }
        return agreeing
    }

    /// A symbol is a number: leading zeros do not count.
    private static func normalized(_ symbol: String) -> String {
        let trimmed = symbol.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    private struct Key: Hashable {
        var symbol: String
        var amount: Decimal
        var currency: String
        var account: String

        init(_ payment: SentPayment) {
            symbol = payment.variableSymbol.map(StatementMatching.normalized) ?? ""
            amount = payment.amount
            currency = payment.currency
            account = payment.account
        }

        init?(_ line: BankStatementLine) {
            guard let account = line.counterAccount else { return nil }
            symbol = line.variableSymbol.map(StatementMatching.normalized) ?? ""
            amount = line.amount
            currency = line.currency
            self.account = account
        }
    }
}
