import Foundation
import StaffbookCore

extension InputValidation {
    /// The invoice's data from an upload's text parts, each checked (an IČO's check digit, a
    /// bank account's, a date), and the amount when given.
    mutating func invoiceForm(_ fields: [String: String]) -> (data: InvoiceData, amount: Decimal?) {
        var data = InvoiceData()
        func given(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }
        let amount = given("amount").flatMap { money($0, field: "body.amount") }
        if let number = given("number") {
            data.number = optionalText(number, field: "body.number", maxLength: 100)
        }
        if let symbol = given("variableSymbol") {
            if symbol.count <= 10, symbol.allSatisfy(\.isASCIIDigit) {
                data.variableSymbol = symbol
            } else {
                fail("body.variableSymbol", "digits", InvoiceTexts.variableSymbol)
            }
        }
        for (name, field) in [("supplierIco", \InvoiceData.supplierIco), ("customerIco", \InvoiceData.customerIco)] {
            guard let text = given(name) else { continue }
            if let ico = CompanyNumbers.ico(text) { data[keyPath: field] = ico } else { fail("body.\(name)", "ico", InvoiceTexts.ico) }
        }
        if let text = given("supplierDic") {
            if let dic = CompanyNumbers.dic(text) { data.supplierDic = dic } else { fail("body.supplierDic", "dic", InvoiceTexts.dic) }
        }
        for (name, field) in [
            ("issueDate", \InvoiceData.issueDate), ("taxableSupplyDate", \InvoiceData.taxableSupplyDate), ("dueDate", \InvoiceData.dueDate),
        ] {
            guard let text = given(name) else { continue }
            data[keyPath: field] = day(text, field: "body.\(name)")
        }
        if let text = given("amountWithoutVat") { data.amountWithoutVat = money(text, field: "body.amountWithoutVat") }
        if let text = given("vatAmount") {
            if let value = Money.parseStored(text), value >= 0, value < 100_000_000 {
                data.vatAmount = value
            } else {
                fail("body.vatAmount", "amount", FieldTexts.amount)
            }
        }
        if let text = given("vatRate") {
            if let value = Money.parseStored(text), value >= 0, value < 100 {
                data.vatRate = value
            } else {
                fail("body.vatRate", "rate", InvoiceTexts.vatRate)
            }
        }
        if let text = given("currency") {
            if let currency = InvoiceData.Currency(rawValue: text.uppercased()) {
                data.currency = currency
            } else {
                fail("body.currency", "enum", InvoiceTexts.currency)
            }
        }
        if let text = given("bankAccount") {
            do {
                data.bankAccount = try BankAccount(text)
            } catch {
                fail("body.bankAccount", error.rawValue, InvoiceTexts.bankAccount(error))
            }
        }
        if let amount, data.total == nil { data.total = amount }
        return (data, amount)
    }
}
