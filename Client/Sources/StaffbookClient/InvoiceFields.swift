import Foundation

/// What an invoice says, sent beside its file: the server reads the same fields from an ISDOC
/// inside the PDF, so a PDF without one needs them here, or its checks (the supplier's IČO, the
/// customer's, the account) fail. A field left nil is not sent.
public struct InvoiceFields: Sendable, Hashable {
    /// The total in the invoice's currency; nil when the file's ISDOC gives it.
    public var amount: Money?
    /// The invoice's own number.
    public var number: String?
    /// Up to ten digits.
    public var variableSymbol: String?
    /// The supplier's IČO (eight digits): the person's own.
    public var supplierIco: String?
    /// The supplier's DIČ (`CZ` and eight to ten digits), when a VAT payer.
    public var supplierDic: String?
    /// The customer's IČO: the company's.
    public var customerIco: String?
    public var issueDate: Day?
    public var taxableSupplyDate: Day?
    public var dueDate: Day?
    public var amountWithoutVat: Money?
    /// The VAT; zero for none.
    public var vatAmount: Money?
    public var vatRate: Percent?
    /// `CZK` or `EUR`.
    public var currency: String?
    /// The account to pay to: `[prefix-]number/bank-code` or an IBAN.
    public var bankAccount: String?
    /// Take nothing from an ISDOC in the file, only these fields.
    public var ignoreIsdoc: Bool

    public init(
        amount: Money? = nil, number: String? = nil, variableSymbol: String? = nil, supplierIco: String? = nil,
        supplierDic: String? = nil, customerIco: String? = nil, issueDate: Day? = nil, taxableSupplyDate: Day? = nil,
        dueDate: Day? = nil, amountWithoutVat: Money? = nil, vatAmount: Money? = nil, vatRate: Percent? = nil,
        currency: String? = nil, bankAccount: String? = nil, ignoreIsdoc: Bool = false
    ) {
        self.amount = amount
        self.number = number
        self.variableSymbol = variableSymbol
        self.supplierIco = supplierIco
        self.supplierDic = supplierDic
        self.customerIco = customerIco
        self.issueDate = issueDate
        self.taxableSupplyDate = taxableSupplyDate
        self.dueDate = dueDate
        self.amountWithoutVat = amountWithoutVat
        self.vatAmount = vatAmount
        self.vatRate = vatRate
        self.currency = currency
        self.bankAccount = bankAccount
        self.ignoreIsdoc = ignoreIsdoc
    }
}
