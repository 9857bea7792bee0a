import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an ISO 20022 bank-to-customer statement (camt.053, versions 02 to 08): the statement's
/// account and its booked entries. An entry of several transactions (a batch the bank booked as
/// one) gives a line per transaction with its own amount. Pending entries are left out.
package enum Camt053Reader {
    static let namespacePrefix = "urn:iso:std:iso:20022:tech:xsd:camt.053."

    package static func read(_ bytes: Data) throws(BankStatementProblem) -> BankStatement {
        switch XMLInput.screen(bytes) {
        case .declarations: throw BankStatementProblem(.declarations)
        case .unreadable: throw BankStatementProblem(.notAStatement)
        case nil: break
        }
        let collector = Collector()
        let parser = XMLParser(data: bytes)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let parsed = parser.parse()
        if collector.tooMany { throw BankStatementProblem(.tooLarge) }
        guard parsed, collector.isStatement, !collector.tooDeep, collector.statements == 1 else { throw BankStatementProblem(.notAStatement) }
        let iban = collector.statement["Acct/Id/IBAN"].map { $0.uppercased() }
        guard let iban, !iban.isEmpty else { throw BankStatementProblem(.notAStatement) }
        var read: [BankStatementLine] = []
        for (index, entry) in collector.entries.enumerated() {
            guard let entryLines = try lines(of: entry, number: index + 1) else { continue }
            read.append(contentsOf: entryLines)
        }
        return BankStatement(format: .camt053, account: .iban(iban), identifier: collector.statement["Id"], lines: read)
    }

    /// An entry's lines; nil for an entry not booked.
    private static func lines(of entry: Entry, number: Int) throws(BankStatementProblem) -> [BankStatementLine]? {
        let status = entry.values["Sts/Cd"] ?? entry.values["Sts"]
        guard status == nil || status == "BOOK" else { return nil }
        guard let indicator = entry.values["CdtDbtInd"], indicator == "DBIT" || indicator == "CRDT",
            let date = (entry.values["BookgDt/Dt"] ?? entry.values["BookgDt/DtTm"]).flatMap({ CalendarDay($0.prefix(10)) }),
            let amount = entry.values["Amt"].flatMap(Money.parsePositive), let currency = entry.values["Amt@Ccy"], currency.utf8.count == 3
        else { throw BankStatementProblem(.invalid, line: number) }
        let isReversal = entry.values["RvslInd"] == "true"
        let transactions = entry.transactions.isEmpty ? [[:]] : entry.transactions
        var lines: [BankStatementLine] = []
        for transaction in transactions {
            var lineAmount = amount, lineCurrency = currency
            if transactions.count > 1 {
                // A batch: each transaction carries its own amount.
                guard let own = (transaction["AmtDtls/TxAmt/Amt"] ?? transaction["Amt"]).flatMap(Money.parsePositive),
                    let ownCurrency = transaction["AmtDtls/TxAmt/Amt@Ccy"] ?? transaction["Amt@Ccy"]
                else { throw BankStatementProblem(.invalid, line: number) }
                (lineAmount, lineCurrency) = (own, ownCurrency)
            }
            // The counterparty is the creditor of our payment, the debtor of money received.
            let side = indicator == "DBIT" ? "Cdtr" : "Dbtr"
            let account = transaction["RltdPties/\(side)Acct/Id/IBAN"] ?? transaction["RltdPties/\(side)Acct/Id/Othr/Id"]
            let name = transaction["RltdPties/\(side)/Nm"] ?? transaction["RltdPties/\(side)/Pty/Nm"]
            lines.append(
                BankStatementLine(
                    reference: transaction["Refs/AcctSvcrRef"] ?? entry.values["AcctSvcrRef"] ?? entry.values["NtryRef"], bookingDate: date,
                    amount: lineAmount, currency: lineCurrency, isDebit: indicator == "DBIT", isReversal: isReversal,
                    variableSymbol: BankStatementReader.variableSymbol(in: [
                        transaction["RmtInf/Strd/CdtrRefInf/Ref"], transaction["Refs/EndToEndId"], transaction["RmtInf/Ustrd"],
                    ]),
                    counterAccount: account.flatMap { try? BankAccount($0) }?.iban, counterName: name
                ))
        }
        return lines
    }

    struct Entry {
        var values: [String: String] = [:]
        var transactions: [[String: String]] = []
    }

    /// Collects the statement's own values, and each entry's and its transactions' values by
    /// their path within the entry or transaction (`Amt@Ccy` for the currency attribute).
    private final class Collector: NSObject, XMLParserDelegate {
        static let maximumDepth = 64
        static let maximumTextLength = 1000

        var path: [String] = []
        var text = ""
        var isStatement = false
        var tooDeep = false
        var tooMany = false
        var statements = 0
        var statement: [String: String] = [:]
        var entries: [Entry] = []
        var entry: Entry?
        var transaction: [String: String]?
        /// Where the statement, the entry and the transaction start in `path`.
        var statementDepth = 0, entryDepth = 0, transactionDepth = 0

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            if path.isEmpty { isStatement = name == "Document" && (namespaceURI ?? "").hasPrefix(Camt053Reader.namespacePrefix) }
            path.append(name)
            text = ""
            if path.count > Self.maximumDepth {
                tooDeep = true
                parser.abortParsing()
                return
            }
            switch (name, path.count) {
            case ("Stmt", 3):
                statements += 1
                statementDepth = path.count
            case ("Ntry", statementDepth + 1) where statementDepth > 0:
                guard entries.count < BankStatementReader.maximumLines else {
                    tooMany = true
                    parser.abortParsing()
                    return
                }
                entry = Entry()
                entryDepth = path.count
            case ("TxDtls", entryDepth + 2) where entry != nil && path[entryDepth] == "NtryDtls":
                transaction = [:]
                transactionDepth = path.count
            default: break
            }
            if name == "Amt", let currency = attributes["Ccy"] { store(key(suffix: "@Ccy"), currency) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < Self.maximumTextLength { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            store(key(suffix: ""), text.trimmingCharacters(in: .whitespacesAndNewlines))
            if transaction != nil, path.count == transactionDepth, let done = transaction {
                entry?.transactions.append(done)
                transaction = nil
            } else if entry != nil, path.count == entryDepth, let done = entry {
                entries.append(done)
                entry = nil
            }
            path.removeLast()
            text = ""
        }

        /// The current element's path within the innermost of transaction, entry or statement.
        private func key(suffix: String) -> String? {
            let start = transaction != nil ? transactionDepth : entry != nil ? entryDepth : statementDepth
            guard start > 0, path.count > start else { return nil }
            return path[start...].joined(separator: "/") + suffix
        }

        private func store(_ key: String?, _ value: String) {
            guard let key, !value.isEmpty else { return }
            if transaction != nil {
                if transaction?[key] == nil { transaction?[key] = value }
            } else if entry != nil {
                if entry?.values[key] == nil { entry?.values[key] = value }
            } else if statement[key] == nil, statementDepth > 0, path.count <= statementDepth + 3 {
                statement[key] = value
            }
        }
    }
}
