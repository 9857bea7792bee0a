import Foundation
import HTTPTypes
import NIOCore
import StaffbookTestSupport
@testable import StaffbookHTTP

/// What the invoice-data and approval-desk tests share: our company's IČO, the shapes of the
/// answers, and uploads of Jan Novák's (a contractor who tracks time; IČO 12345679, account
/// 2001000001/0800 on file, no DIČ).
enum InvoiceDesk {
    static let ourIco = "28123450"

    static func configure(_ config: inout AppConfig) {
        config.invoices.companyIco = ourIco
    }

    struct Account: Decodable, Equatable { var iban: String; var domestic: String? }

    struct DataBody: Decodable, Equatable {
        var number: String?; var variableSymbol: String?; var supplierIco: String?; var supplierDic: String?; var customerIco: String?
        var issueDate: String?; var taxableSupplyDate: String?; var dueDate: String?
        var amountWithoutVat: String?; var vatAmount: String?; var vatRate: String?; var total: String?; var currency: String?
        var bankAccount: Account?
        var sources: [String: String]
    }

    struct Check: Decodable, Equatable {
        var kind: String; var status: String; var code: String?
        var expected: String?; var invoiced: String?; var difference: String?; var basis: String?; var otherInvoiceId: String?
    }

    struct Summary: Decodable, Equatable { var attention: Bool; var failing: [String]; var needsConfirmation: [String] }

    struct MyMonth: Decodable {
        struct File: Decodable { var mediaType: String }
        var period: String; var state: String; var invoiceId: String?; var amount: String?
        var file: File?; var data: DataBody?; var checks: [Check]?
    }

    struct Detail: Decodable {
        struct Event: Decodable { var action: String; var to: String; var reason: String? }
        var id: String; var state: String; var amount: String
        var data: DataBody?; var checks: [Check]?; var checksSummary: Summary?; var bankAccountConfirmedAt: String?
        var events: [Event]
    }

    struct ListItem: Decodable {
        struct Person: Decodable { var id: String }
        var id: String; var period: String; var person: Person; var invoiceNumber: String?; var dueDate: String?; var checks: Summary?
    }

    struct List: Decodable { var items: [ListItem] }

    /// A PDF upload of `isdoc` as an ISDOC.PDF, with extra text fields.
    static func isdocPDF(_ isdoc: ISDOCFixture, fields: KeyValuePairs<String, String> = [:]) throws -> ByteBuffer {
        Multipart.upload(file: try ISDOCFixture.pdf(attaching: isdoc.xml), fields: fields)
    }

    /// A plain PDF upload with text fields (the data from the form and the profile).
    static func form(_ fields: KeyValuePairs<String, String>) -> ByteBuffer {
        Multipart.upload(file: Data(Multipart.demoPDF), fields: fields)
    }

    /// Jan's ISDOC for a month, his own and addressed to us, invoicing `amount` without VAT: a
    /// document every check passes when `amount` is what the month should cost.
    static func jans(_ amount: Decimal, number: String = "FV-2026-0042", symbol: String = "2026042") -> ISDOCFixture {
        var isdoc = ISDOCFixture()
        isdoc.number = number
        isdoc.variableSymbol = symbol
        let text = amount.moneyText
        isdoc.lines = [text]
        isdoc.exclusive = text
        isdoc.payable = text
        return isdoc
    }
}

extension TestContext {
    /// The demo company; Jan's and an admin's tokens; what Jan's October should cost.
    func jansOctober() async throws -> (jan: String, admin: String, expected: Decimal) {
        try await seedDemo()
        let jan = try await token("jan.novak@staffbook.example")
        return (jan, try await token("admin@staffbook.example"), try await jansOctoberExpectation(jan))
    }

    /// What Jan's October should cost (his tracked hours, each day at its rate): the amount check
    /// of a first upload of the month says it.
    func jansOctoberExpectation(_ token: String) async throws -> Decimal {
        let first = try await upload("2026-10", token: token, body: InvoiceDesk.form(["amount": "1"])).decode(InvoiceDesk.MyMonth.self)
        guard let text = first.checks?["amount"]?.expected, let expected = Decimal(string: text) else {
            throw TestFailure("no expected amount in \(String(describing: first.checks))")
        }
        return expected
    }
}

extension Array where Element == InvoiceDesk.Check {
    subscript(kind: String) -> InvoiceDesk.Check? { first { $0.kind == kind } }
}

extension Decimal {
    /// Two decimals, as the API writes money.
    var moneyText: String {
        var value = self, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        formatter.usesGroupingSeparator = false
        return formatter.string(from: rounded as NSDecimalNumber) ?? "\(rounded)"
    }
}
