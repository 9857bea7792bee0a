import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an ISO 20022 bank-to-customer statement (camt.053, versions 02 to 08): the statement's
/// account and its booked entries. An entry of several transactions (a batch the bank booked as
/// one) gives a line per transaction with its own amount. Pending entries are left out.
package enum Camt053Reader {
    static let namespacePrefix = "urn:iso:std:iso:20022:tech:xsd:camt.053."

    /// `budget` bounds the parse: a statement of more elements than any is refused as too large,
    /// as is one of more than `maximumLines` lines (transactions, or entries without any).
    package static func read(
        _ bytes: Data, budget: XMLBudget = XMLBudget(maximumElements: 5_000_000),
        maximumLines: Int = BankStatementReader.maximumLines
    ) throws(BankStatementProblem) -> BankStatement {
        switch XMLInput.screen(bytes) {
        case .declarations: throw BankStatementProblem(.declarations)
        case .unreadable: throw BankStatementProblem(.notAStatement)
        case .tooComplex: throw BankStatementProblem(.tooLarge)
        case nil: break
        }
        let collector = Collector(budget: budget, maximumLines: maximumLines)
        let parser = XMLParser(data: bytes)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let parsed = parser.parse()
        if collector.tooMany || collector.overBudget { throw BankStatementProblem(.tooLarge) }
        guard parsed, collector.isStatement, !collector.tooDeep, collector.statements == 1 else { throw BankStatementProblem(.notAStatement) }
        let iban = collector.statement["Acct/Id/IBAN"].map { $0.uppercased() }
        guard let iban, !iban.isEmpty else { throw BankStatementProblem(.notAStatement) }
        var read: [BankStatementLine] = []
        for entry in collector.entries {
            // A problem names the movement's number among those read, as an import's answer does.
            guard let entryLines = try lines(of: entry, number: read.count + 1) else { continue }
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

    /// Where an element of the statement is, and what the reader does with it.
    private enum Role {
        case statement, entry, transaction
        /// A value of the statement, the entry or the transaction it is in, by its path there.
        case statementValue(String), entryValue(String), transactionValue(String)
    }

    /// Every element the reader looks at, from the document's root (`*`: the message's element).
    private static let roles: [(path: String, role: Role)] = {
        let statement = "Document/*/Stmt", entry = statement + "/Ntry", transaction = entry + "/NtryDtls/TxDtls"
        var roles: [(String, Role)] = [(statement, .statement), (entry, .entry), (transaction, .transaction)]
        roles += ["Id", "Acct/Id/IBAN"].map { (statement + "/" + $0, .statementValue($0)) }
        roles += ["Sts", "Sts/Cd", "CdtDbtInd", "BookgDt/Dt", "BookgDt/DtTm", "Amt", "RvslInd", "AcctSvcrRef", "NtryRef"].map {
            (entry + "/" + $0, .entryValue($0))
        }
        var ofTransaction = ["AmtDtls/TxAmt/Amt", "Amt", "Refs/AcctSvcrRef", "Refs/EndToEndId", "RmtInf/Strd/CdtrRefInf/Ref", "RmtInf/Ustrd"]
        for side in ["Cdtr", "Dbtr"] {
            ofTransaction += [
                "RltdPties/\(side)Acct/Id/IBAN", "RltdPties/\(side)Acct/Id/Othr/Id", "RltdPties/\(side)/Nm", "RltdPties/\(side)/Pty/Nm",
            ]
        }
        roles += ofTransaction.map { (transaction + "/" + $0, .transactionValue($0)) }
        return roles
    }()

    private static let tree = XMLElementTree(roles.enumerated().map { ($0.element.path, $0.offset) })

    /// Collects the statement's own values, and each entry's and its transactions' values by
    /// their path within the entry or transaction (`Amt@Ccy` for the currency attribute). A stack
    /// of `tree`'s nodes: each element costs a lookup of its own name, whatever its depth.
    private final class Collector: NSObject, XMLParserDelegate {
        static let maximumDepth = 64
        static let maximumTextLength = 1000

        let budget: XMLBudget
        let maximumLines: Int
        var nodes: [XMLElementTree.Node] = []
        var text = ""
        var elements = 0
        /// Lines of the statement so far (an entry of n transactions is n lines).
        var lines = 0
        var isStatement = false
        var tooDeep = false
        var tooMany = false
        var overBudget = false
        var statements = 0
        var statement: [String: String] = [:]
        var entries: [Entry] = []
        var entry: Entry?
        var transaction: [String: String]?

        init(budget: XMLBudget, maximumLines: Int) {
            self.budget = budget
            self.maximumLines = maximumLines
        }

        private func role(_ node: XMLElementTree.Node) -> Role? {
            Camt053Reader.tree.mark(node).map { Camt053Reader.roles[$0].role }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements += 1
            if budget.isSpent(atElement: elements) {
                overBudget = true
                parser.abortParsing()
                return
            }
            if nodes.isEmpty { isStatement = name == "Document" && (namespaceURI ?? "").hasPrefix(Camt053Reader.namespacePrefix) }
            let node = Camt053Reader.tree.child(of: nodes.last ?? XMLElementTree.top, named: name)
            nodes.append(node)
            text = ""
            if nodes.count > Self.maximumDepth {
                tooDeep = true
                parser.abortParsing()
                return
            }
            switch role(node) {
            case .statement:
                statements += 1
            case .entry:
                entry = Entry()
            case .transaction where entry != nil:
                transaction = [:]
            case .entryValue(let key) where key == "Amt":
                if let currency = attributes["Ccy"] { store(.entryValue(key + "@Ccy"), currency) }
            case .transactionValue(let key) where key.hasSuffix("Amt"):
                if let currency = attributes["Ccy"] { store(.transactionValue(key + "@Ccy"), currency) }
            default:
                break
            }
            if lines + (entry.map { max($0.transactions.count + (transaction == nil ? 0 : 1), 1) } ?? 0) > maximumLines {
                tooMany = true
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let node = nodes.last, Camt053Reader.tree.mark(node) != nil, text.utf8.count < Self.maximumTextLength else { return }
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let node = nodes.popLast(), let role = role(node) else { return }
            switch role {
            case .statement:
                break
            case .entry:
                if let done = entry {
                    entries.append(done)
                    lines += max(done.transactions.count, 1)
                }
                entry = nil
            case .transaction:
                if let done = transaction { entry?.transactions.append(done) }
                transaction = nil
            case .statementValue, .entryValue, .transactionValue:
                store(role, text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            text = ""
        }

        /// The first value at each key of the statement, entry or transaction it belongs to.
        private func store(_ role: Role, _ value: String) {
            guard !value.isEmpty else { return }
            switch role {
            case .transactionValue(let key):
                if transaction != nil, transaction?[key] == nil { transaction?[key] = value }
            case .entryValue(let key):
                if entry != nil, entry?.values[key] == nil { entry?.values[key] = value }
            case .statementValue(let key):
                if statement[key] == nil { statement[key] = value }
            case .statement, .entry, .transaction:
                break
            }
        }
    }
}
