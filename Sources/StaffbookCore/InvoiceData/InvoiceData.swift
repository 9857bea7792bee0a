import Foundation

/// What a contractor's invoice says, field by field, and where each value came from.
package struct InvoiceData: Sendable, Equatable {
    package enum Field: String, Sendable, CaseIterable, Codable {
        case number, variableSymbol, supplierIco, supplierDic, customerIco, issueDate, taxableSupplyDate, dueDate
        case amountWithoutVat, vatAmount, vatRate, total, currency, bankAccount
    }

    package enum Source: String, Sendable, Codable, Equatable {
        /// Read from the ISDOC document embedded in or sent beside the PDF.
        case isdoc
        /// Sent with the upload.
        case form
        /// The person's profile (IČO, DIČ, bank account).
        case profile
    }

    package enum Currency: String, Sendable, CaseIterable, Codable {
        case czk = "CZK", eur = "EUR"
    }

    package var number: String?
    /// At most 10 digits.
    package var variableSymbol: String?
    package var supplierIco: String?
    package var supplierDic: String?
    package var customerIco: String?
    package var issueDate: CalendarDay?
    /// DUZP: when the supply is taxed.
    package var taxableSupplyDate: CalendarDay?
    package var dueDate: CalendarDay?
    package var amountWithoutVat: Decimal?
    package var vatAmount: Decimal?
    /// The VAT rate in percent (the highest when an invoice has several).
    package var vatRate: Decimal?
    package var total: Decimal?
    package var currency: Currency?
    package var bankAccount: BankAccount?
    package var sources: [Field: Source] = [:]

    package init() {}

    /// Whether the field has a value.
    package func has(_ field: Field) -> Bool {
        switch field {
        case .number: number != nil
        case .variableSymbol: variableSymbol != nil
        case .supplierIco: supplierIco != nil
        case .supplierDic: supplierDic != nil
        case .customerIco: customerIco != nil
        case .issueDate: issueDate != nil
        case .taxableSupplyDate: taxableSupplyDate != nil
        case .dueDate: dueDate != nil
        case .amountWithoutVat: amountWithoutVat != nil
        case .vatAmount: vatAmount != nil
        case .vatRate: vatRate != nil
        case .total: total != nil
        case .currency: currency != nil
        case .bankAccount: bankAccount != nil
        }
    }

    /// Each field from the first of `layers` that has it, marked with that layer's source
    /// (ISDOC before the form, the form before the profile).
    package static func merged(_ layers: [(InvoiceData, Source)]) -> InvoiceData {
        var result = InvoiceData()
        for field in Field.allCases {
            guard let (layer, source) = layers.first(where: { $0.0.has(field) }) else { continue }
            result.copy(field, from: layer)
            result.sources[field] = source
        }
        return result
    }

    private mutating func copy(_ field: Field, from other: InvoiceData) {
        switch field {
        case .number: number = other.number
        case .variableSymbol: variableSymbol = other.variableSymbol
        case .supplierIco: supplierIco = other.supplierIco
        case .supplierDic: supplierDic = other.supplierDic
        case .customerIco: customerIco = other.customerIco
        case .issueDate: issueDate = other.issueDate
        case .taxableSupplyDate: taxableSupplyDate = other.taxableSupplyDate
        case .dueDate: dueDate = other.dueDate
        case .amountWithoutVat: amountWithoutVat = other.amountWithoutVat
        case .vatAmount: vatAmount = other.vatAmount
        case .vatRate: vatRate = other.vatRate
        case .total: total = other.total
        case .currency: currency = other.currency
        case .bankAccount: bankAccount = other.bankAccount
        }
    }
}
