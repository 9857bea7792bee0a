import Foundation
import StaffbookCore

/// The invoice's data from outside: ISDOC documents (alone and in an ISDOCX), bank accounts,
/// IČO and DIČ. What is accepted must hold what the database and the checks rely on.
extension FuzzTargets {
    static let companyIco = "28123450"

    static func isdoc(_ bytes: [UInt8]) {
        guard let data = try? ISDOCReader.read(Data(bytes), companyIco: companyIco) else { return }
        requireStorable(data)
    }

    static func isdocx(_ bytes: [UInt8]) {
        guard let document = try? ISDOCContainer.isdoc(in: Data(bytes)) else { return }
        guard document.count <= ISDOCContainer.maximumExpanded else { fatalError("isdocx: expanded beyond the limit") }
        if let data = try? ISDOCReader.read(document, companyIco: companyIco) { requireStorable(data) }
    }

    static func bankAccount(_ bytes: [UInt8]) {
        let text = text(bytes)
        if let account = try? BankAccount(text) {
            guard (try? BankAccount(account.iban)) == account else { fatalError("bank account: \(text) does not round-trip by its IBAN") }
            if let domestic = account.domestic, (try? BankAccount(domestic)) != account {
                fatalError("bank account: \(text) does not round-trip by its domestic form")
            }
        }
        if let ico = CompanyNumbers.ico(text), CompanyNumbers.ico(ico) != ico || ico.utf8.count != 8 {
            fatalError("ico: \(text) read as \(ico)")
        }
        if let dic = CompanyNumbers.dic(text), CompanyNumbers.dic(dic) != dic { fatalError("dic: \(text) read as \(dic)") }
    }

    /// What the invoice's columns hold: an IČO of 8 digits, a variable symbol of at most 10,
    /// amounts within numeric(12, 2), a rate within numeric(5, 2), an account as its IBAN.
    static func requireStorable(_ data: InvoiceData) {
        for ico in [data.supplierIco, data.customerIco] {
            if let ico, ico.utf8.count != 8 || !ico.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) { fatalError("isdoc: IČO \(ico) accepted") }
        }
        if let symbol = data.variableSymbol, symbol.utf8.count > 10 || !symbol.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            fatalError("isdoc: variable symbol \(symbol) accepted")
        }
        for amount in [data.amountWithoutVat, data.vatAmount, data.total] {
            if let amount, amount.magnitude >= 10_000_000_000 { fatalError("isdoc: amount \(amount) beyond numeric(12, 2)") }
        }
        if let rate = data.vatRate, rate.magnitude >= 1000 { fatalError("isdoc: rate \(rate) beyond numeric(5, 2)") }
        if let number = data.number, number.count > 100 { fatalError("isdoc: number of \(number.count) characters") }
        if let account = data.bankAccount, (try? BankAccount(account.iban)) != account { fatalError("isdoc: account does not round-trip") }
        if let day = data.issueDate { requireStorable(TimeRules.midnight(day), "isdoc issue date") }
        if let day = data.dueDate { requireStorable(TimeRules.midnight(day), "isdoc due date") }
        if let day = data.taxableSupplyDate { requireStorable(TimeRules.midnight(day), "isdoc taxable supply date") }
    }
}
