import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an ISDOC document (the Czech e-invoice standard, versions 5 and 6: namespace
/// `http://isdoc.cz/namespace/2013`) into invoice data. Unknown elements are ignored; a document
/// type declaration is refused before parsing (no entities, no external resources); a value that
/// does not parse, totals that do not add up, or a customer other than us are problems naming
/// the field.
package enum ISDOCReader {
    package static let maximumBytes = 2 << 20

    package struct Problem: Error, Sendable, Equatable {
        package enum Code: String, Sendable {
            /// Not XML, or not an ISDOC invoice.
            case notISDOC = "not_isdoc"
            /// Over the size limit, or a container that would expand far beyond its size.
            case tooLarge = "too_large"
            /// A DOCTYPE or entity declaration: refused unread.
            case declarations
            /// A value that does not parse (a date, an amount, an IČO's check digit, an account).
            case invalid
            /// Totals that do not add up.
            case inconsistent
            /// The customer is not our company.
            case notOurs = "not_ours"
        }

        package var field: InvoiceData.Field?
        package var code: Code

        package init(field: InvoiceData.Field?, code: Code) {
            self.field = field
            self.code = code
        }
    }

    /// The document's data (every value marked as from ISDOC). `companyIco`, when known, must be
    /// the customer's.
    /// `budget` bounds the parse by work: a document of more elements than any invoice is refused
    /// as too large (never because the machine is busy).
    package static func read(_ bytes: Data, companyIco: String?, budget: XMLBudget = XMLBudget()) throws(Problem) -> InvoiceData {
        guard bytes.count <= maximumBytes else { throw Problem(field: nil, code: .tooLarge) }
        switch XMLInput.screen(bytes) {
        case .declarations: throw Problem(field: nil, code: .declarations)
        case .unreadable: throw Problem(field: nil, code: .notISDOC)
        case .tooComplex: throw Problem(field: nil, code: .tooLarge)
        case nil: break
        }
        let collector = Collector(budget: budget)
        let parser = XMLParser(data: bytes)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let parsed = parser.parse()
        if collector.overBudget { throw Problem(field: nil, code: .tooLarge) }
        guard parsed, collector.isInvoice, !collector.tooDeep else { throw Problem(field: nil, code: .notISDOC) }
        var values: [String: [String]] = [:]
        for (mark, texts) in collector.values.enumerated() where !texts.isEmpty { values[Path.ordered[mark]] = texts }
        return try data(values, companyIco: companyIco)
    }

    /// Whether markup declares itself an ISDOC: its first kilobytes name the ISDOC namespace.
    /// Anything else that starts with `<` (an HTML page) is not a document we read.
    package static func looksLikeISDOC(_ bytes: Data) -> Bool {
        bytes.prefix(4096).range(of: Data(Collector.namespace.utf8)) != nil
    }

    /// Paths (element names from the root, namespace aside) of the values read.
    enum Path {
        static let number = "Invoice/ID"
        static let issueDate = "Invoice/IssueDate"
        static let taxPointDate = "Invoice/TaxPointDate"
        static let localCurrency = "Invoice/LocalCurrencyCode"
        static let foreignCurrency = "Invoice/ForeignCurrencyCode"
        static let supplierIco = "Invoice/AccountingSupplierParty/Party/PartyIdentification/ID"
        static let supplierDic = "Invoice/AccountingSupplierParty/Party/PartyTaxScheme/CompanyID"
        static let customerIco = "Invoice/AccountingCustomerParty/Party/PartyIdentification/ID"
        static let line = "Invoice/InvoiceLines/InvoiceLine/LineExtensionAmount"
        static let lineForeign = "Invoice/InvoiceLines/InvoiceLine/LineExtensionAmountCurr"
        static let rate = "Invoice/TaxTotal/TaxSubTotal/TaxCategory/Percent"
        static let tax = "Invoice/TaxTotal/TaxAmount"
        static let taxForeign = "Invoice/TaxTotal/TaxAmountCurr"
        static let exclusive = "Invoice/LegalMonetaryTotal/TaxExclusiveAmount"
        static let exclusiveForeign = "Invoice/LegalMonetaryTotal/TaxExclusiveAmountCurr"
        static let inclusive = "Invoice/LegalMonetaryTotal/TaxInclusiveAmount"
        static let inclusiveForeign = "Invoice/LegalMonetaryTotal/TaxInclusiveAmountCurr"
        static let payable = "Invoice/LegalMonetaryTotal/PayableAmount"
        static let payableForeign = "Invoice/LegalMonetaryTotal/PayableForeignAmount"
        static let rounding = "Invoice/LegalMonetaryTotal/PayableRoundingAmount"
        static let roundingForeign = "Invoice/LegalMonetaryTotal/PayableRoundingAmountCurr"
        static let deposits = "Invoice/LegalMonetaryTotal/PaidDepositsAmount"
        static let depositsForeign = "Invoice/LegalMonetaryTotal/PaidDepositsAmountCurr"
        static let claimed = "Invoice/LegalMonetaryTotal/AlreadyClaimedTaxInclusiveAmount"
        static let claimedForeign = "Invoice/LegalMonetaryTotal/AlreadyClaimedTaxInclusiveAmountCurr"
        static let dueDate = "Invoice/PaymentMeans/Payment/Details/PaymentDueDate"
        static let accountNumber = "Invoice/PaymentMeans/Payment/Details/ID"
        static let bankCode = "Invoice/PaymentMeans/Payment/Details/BankCode"
        static let iban = "Invoice/PaymentMeans/Payment/Details/IBAN"
        static let variableSymbol = "Invoice/PaymentMeans/Payment/Details/VariableSymbol"

        static let ordered: [String] = [
            number, issueDate, taxPointDate, localCurrency, foreignCurrency, supplierIco, supplierDic, customerIco, line, lineForeign,
            rate, tax, taxForeign, exclusive, exclusiveForeign, inclusive, inclusiveForeign, payable, payableForeign, rounding, dueDate,
            accountNumber, bankCode, iban, variableSymbol, roundingForeign, deposits, depositsForeign, claimed, claimedForeign,
        ]

        /// The paths as a tree, each marked with its index in `ordered`.
        static let tree = XMLElementTree(ordered.enumerated().map { ($0.element, $0.offset) })
    }

    private static func data(_ values: [String: [String]], companyIco: String?) throws(Problem) -> InvoiceData {
        func first(_ path: String) -> String? {
            values[path]?.first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        func day(_ path: String, _ field: InvoiceData.Field) throws(Problem) -> CalendarDay? {
            guard let text = first(path) else { return nil }
            guard let day = CalendarDay(text.prefix(10)) else { throw Problem(field: field, code: .invalid) }
            return day
        }
        func amount(_ text: String?, _ field: InvoiceData.Field) throws(Problem) -> Decimal? {
            guard let text else { return nil }
            guard let value = Money.parseStored(text), value.magnitude < 1_000_000_000 else { throw Problem(field: field, code: .invalid) }
            return value
        }
        var data = InvoiceData()
        data.number = first(Path.number).map { String($0.prefix(100)) }
        data.issueDate = try day(Path.issueDate, .issueDate)
        data.taxableSupplyDate = try day(Path.taxPointDate, .taxableSupplyDate)
        data.dueDate = try day(Path.dueDate, .dueDate)
        let foreign = first(Path.foreignCurrency)
        let currencyCode = foreign ?? first(Path.localCurrency)
        if let currencyCode {
            guard let currency = InvoiceData.Currency(rawValue: currencyCode.uppercased()) else {
                throw Problem(field: .currency, code: .invalid)
            }
            data.currency = currency
        }
        let useForeign = foreign != nil
        if let text = first(Path.supplierIco) {
            guard let ico = CompanyNumbers.ico(text) else { throw Problem(field: .supplierIco, code: .invalid) }
            data.supplierIco = ico
        }
        if let text = first(Path.supplierDic) {
            guard let dic = CompanyNumbers.dic(text) else { throw Problem(field: .supplierDic, code: .invalid) }
            data.supplierDic = dic
        }
        if let text = first(Path.customerIco) {
            guard let ico = CompanyNumbers.ico(text) else { throw Problem(field: .customerIco, code: .invalid) }
            if let companyIco, ico != companyIco { throw Problem(field: .customerIco, code: .notOurs) }
            data.customerIco = ico
        }
        if let symbol = first(Path.variableSymbol) {
            guard symbol.count <= 10, symbol.allSatisfy(\.isASCIIDigit) else { throw Problem(field: .variableSymbol, code: .invalid) }
            data.variableSymbol = symbol
        }
        if let iban = first(Path.iban) {
            guard let account = try? BankAccount(iban) else { throw Problem(field: .bankAccount, code: .invalid) }
            data.bankAccount = account
        } else if let number = first(Path.accountNumber), let bank = first(Path.bankCode) {
            guard let account = try? BankAccount("\(number)/\(bank)") else { throw Problem(field: .bankAccount, code: .invalid) }
            data.bankAccount = account
        }
        var rates: [Decimal] = []
        for text in values[Path.rate] ?? [] {
            if let rate = try amount(text, .vatRate) { rates.append(rate) }
        }
        data.vatRate = rates.max()
        if let rate = data.vatRate, rate < 0 || rate >= 100 { throw Problem(field: .vatRate, code: .invalid) }
        data.vatAmount = try amount(first(useForeign ? Path.taxForeign : Path.tax), .vatAmount)
        data.amountWithoutVat = try amount(first(useForeign ? Path.exclusiveForeign : Path.exclusive), .amountWithoutVat)
        let inclusive = try amount(first(useForeign ? Path.inclusiveForeign : Path.inclusive), .total)
        let payable = try amount(first(useForeign ? Path.payableForeign : Path.payable), .total)
        data.total = payable ?? inclusive
        var lines: Decimal = 0
        for text in values[useForeign ? Path.lineForeign : Path.line] ?? [] { lines += try amount(text, .amountWithoutVat) ?? 0 }
        if let total = data.total, total <= 0 { throw Problem(field: .total, code: .invalid) }
        try checkTotals(data, lines: values[useForeign ? Path.lineForeign : Path.line] == nil ? nil : lines, inclusive: inclusive)
        if let payable, let inclusive {
            // To pay = with VAT − what earlier documents claimed − deposits paid + rounding.
            let claimed = try amount(first(useForeign ? Path.claimedForeign : Path.claimed), .total) ?? 0
            let deposits = try amount(first(useForeign ? Path.depositsForeign : Path.deposits), .total) ?? 0
            let rounding = try amount(first(useForeign ? Path.roundingForeign : Path.rounding), .total) ?? 0
            if (inclusive - claimed - deposits + rounding - payable).magnitude > 1 { throw Problem(field: .total, code: .inconsistent) }
        }
        for field in InvoiceData.Field.allCases where data.has(field) { data.sources[field] = .isdoc }
        return data
    }

    /// The lines add up to the amount without VAT, and that and the VAT to the amount with it
    /// (to the crown: invoices may round the total); the amount to pay is checked against the
    /// amount with VAT by the caller, as the standard's rules define it.
    private static func checkTotals(_ data: InvoiceData, lines: Decimal?, inclusive: Decimal?) throws(Problem) {
        if let lines, let without = data.amountWithoutVat, (lines - without).magnitude > Decimal(string: "0.05") ?? 0 {
            throw Problem(field: .amountWithoutVat, code: .inconsistent)
        }
        if let without = data.amountWithoutVat, let total = inclusive ?? data.total, (without + (data.vatAmount ?? 0) - total).magnitude > 1 {
            throw Problem(field: .total, code: .inconsistent)
        }
    }

    /// Collects the text of the elements at `Path.tree`'s marked nodes: a stack of tree nodes,
    /// so each element costs a lookup of its own name, whatever its depth.
    private final class Collector: NSObject, XMLParserDelegate {
        static let namespace = "http://isdoc.cz/namespace/2013"
        static let maximumDepth = 64
        static let maximumValues = 10_000
        static let maximumTextLength = 1000

        let budget: XMLBudget
        var nodes: [XMLElementTree.Node] = []
        var values = [[String]](repeating: [], count: Path.ordered.count)
        var text = ""
        var elements = 0
        var isInvoice = false
        var tooDeep = false
        var overBudget = false

        init(budget: XMLBudget) {
            self.budget = budget
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
            if nodes.isEmpty { isInvoice = name == "Invoice" && namespaceURI == Self.namespace }
            nodes.append(Path.tree.child(of: nodes.last ?? XMLElementTree.top, named: name))
            text = ""
            if nodes.count > Self.maximumDepth {
                tooDeep = true
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let node = nodes.last, Path.tree.mark(node) != nil, text.utf8.count < Self.maximumTextLength else { return }
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let node = nodes.popLast(), let mark = Path.tree.mark(node), values[mark].count < Self.maximumValues {
                values[mark].append(text)
            }
            text = ""
        }
    }
}
