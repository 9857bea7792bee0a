import Foundation

/// What a contractor invoices with: their IČO, DIČ and bank account. Invoices are checked
/// against these, and take them where an invoice does not say.
package struct BillingDetails: Sendable, Equatable {
    package var ico: String?
    package var dic: String?
    package var bankAccount: BankAccount?

    package init(ico: String? = nil, dic: String? = nil, bankAccount: BankAccount? = nil) {
        self.ico = ico
        self.dic = dic
        self.bankAccount = bankAccount
    }

    /// As a layer of invoice data (the profile's).
    package var invoiceData: InvoiceData {
        var data = InvoiceData()
        data.supplierIco = ico
        data.supplierDic = dic
        data.bankAccount = bankAccount
        return data
    }
}
