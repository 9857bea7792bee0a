import Foundation
import Testing
@testable import StaffbookCore

@Suite("Invoice data: bank accounts, IČO, ISDOC, checks")
struct InvoiceDataTests {
    /// Published examples: the Czech Ministry of Finance's account 19-2000145399/0800 and its
    /// IBAN CZ65 0800 0000 1920 0014 5399 (the standard's example), Czech IBANs from banks' own
    /// pages, and the same numbers with one digit changed.
    @Test(arguments: [
        ("19-2000145399/0800", "CZ6508000000192000145399", "19-2000145399/0800"),
        ("CZ65 0800 0000 1920 0014 5399", "CZ6508000000192000145399", "19-2000145399/0800"),
        ("2001000001/0800", "CZ8808000000002001000001", "2001000001/0800"),
        ("000000-2001000001/0800", "CZ8808000000002001000001", "2001000001/0800"),
        ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000", nil),
        ("GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819", nil),
    ])
    func aValidAccountReadsInBothForms(text: String, iban: String, domestic: String?) throws {
        let account = try BankAccount(text)
        #expect(account.iban == iban)
        #expect(account.domestic == domestic)
    }

    @Test(arguments: [
        ("19-2000145398/0800", BankAccount.Problem.checkDigit),
        ("18-2000145399/0800", .checkDigit),
        ("2001000001/0888", .unknownBank),
        ("CZ6508000000192000145398", .iban),
        ("DE89 3704 0044 0532 0130 01", .iban),
        ("2001000001", .format),
        ("1/0800", .format),
        ("1234567-2001000001/0800", .format),
        ("0000000000/0800", .checkDigit),
        ("", .format),
    ])
    func anInvalidAccountSaysWhy(text: String, problem: BankAccount.Problem) {
        #expect(throws: problem) { try BankAccount(text) }
    }

    @Test func aCzechAccountGivesTheBatchFormatsParts() throws {
        let parts = try #require(try BankAccount("19-2000145399/0800").czechParts)
        #expect(parts.prefix == "000019" && parts.number == "2000145399" && parts.bankCode == "0800")
        #expect(try BankAccount("CZ6508000000192000145399").ibanPrinted == "CZ65 0800 0000 1920 0014 5399")
    }

    @Test(arguments: [("00006947", true), ("25596641", true), ("45274649", true), ("6947", true), ("25596642", false), ("123456789", false), ("abc", false)])
    func anIcoHasItsCheckDigit(text: String, valid: Bool) {
        #expect((CompanyNumbers.ico(text) != nil) == valid)
    }

    /// Inputs the fuzzer found that trap in FoundationXML's parser callbacks (a name that is not
    /// UTF-8, a processing instruction without data), and one in another encoding: refused before
    /// the parser sees them.
    @Test(arguments: [
        Data(#"<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="http://isdoc.cz/namespace/2013"><I"#.utf8) + Data([0xE2])
            + Data(#"D>1</I"#.utf8) + Data([0xE2]) + Data("D></Invoice>".utf8),
        Data(#"<?x?><Invoice xmlns="http://isdoc.cz/namespace/2013"/>"#.utf8),
        Data(#"<Invoice xmlns="http://isdoc.cz/namespace/2013"><?pi?></Invoice>"#.utf8),
        Data(#"<?xml vennnn?><Invoice xmlns="http://isdoc.cz/namespace/2013"/>"#.utf8),
        Data(#"<?xml version="1.0" encoding="ISO-8859-2"?><Invoice xmlns="http://isdoc.cz/namespace/2013"/>"#.utf8),
    ])
    func aDocumentTheXMLParserWouldTrapOnIsRefusedUnread(bytes: Data) {
        #expect(throws: ISDOCReader.Problem(field: nil, code: .notISDOC)) { try ISDOCReader.read(bytes, companyIco: nil) }
    }

    @Test func theXMLDeclarationAloneIsNoInstruction() {
        #expect(!XMLInput.hasInstructions(#"<?xml version="1.0" encoding="utf-8"?>"# + "\n<Invoice/>"))
        #expect(XMLInput.hasInstructions(#"<?xml-stylesheet href="a"?><Invoice/>"#))
        #expect(XMLInput.hasInstructions(#"<?xml version="1.0" junk?><Invoice/>"#), "a declaration the parser reads as an instruction")
        #expect(XMLInput.declaresUTF8(#"<?xml version='1.0' encoding='UTF-8'?><a/>"#) && XMLInput.declaresUTF8("<a/>"))
        #expect(!XMLInput.declaresUTF8(#"<?xml version="1.0" encoding="windows-1250"?><a/>"#))
    }

    static func input(
        _ data: InvoiceData, amount: Decimal = 42000, expected: Decimal? = 42000, profile: (String?, String?, String?) = ("12345679", nil, nil),
        company: String? = "28123450", duplicates: [UUID] = []
    ) -> InvoiceCheckInput {
        InvoiceCheckInput(
            month: CalendarMonth(year: 2026, month: 10), data: data, amount: amount, profileIco: profile.0, profileDic: profile.1,
            profileAccount: profile.2.flatMap { try? BankAccount($0) }, confirmedAccount: nil, companyIco: company,
            expected: expected.map { ExpectedAmount(amount: $0, hours: 160, basis: .tracked) }, duplicates: duplicates, tolerancePercent: 1)
    }

    static var complete: InvoiceData {
        var data = InvoiceData()
        data.supplierIco = "12345679"
        data.customerIco = "28123450"
        data.issueDate = CalendarDay(year: 2026, month: 11, day: 2)
        data.dueDate = CalendarDay(year: 2026, month: 11, day: 16)
        data.amountWithoutVat = 42000
        data.total = 42000
        data.bankAccount = try? BankAccount("2001000001/0800")
        return data
    }

    @Test func aCompleteInvoiceOnFilePassesEveryCheck() {
        let checks = InvoiceChecks.evaluate(Self.input(Self.complete, profile: ("12345679", nil, "2001000001/0800")))
        #expect(checks.map(\.kind) == InvoiceCheck.Kind.allCases)
        #expect(checks.allSatisfy { $0.status == .pass }, "\(checks)")
    }

    @Test func theAmountPassesWithinTheToleranceAndFailsBeyondIt() {
        var near = Self.complete, far = Self.complete
        (near.amountWithoutVat, near.total) = (42400, 42400)
        (far.amountWithoutVat, far.total) = (46200, 46200)
        let pass = InvoiceChecks.amount(Self.input(near))
        let fail = InvoiceChecks.amount(Self.input(far))
        #expect(pass.status == .pass && pass.difference == 400)
        #expect(fail.status == .fail && fail.code == "over_tolerance" && fail.expected == 42000 && fail.invoiced == 46200 && fail.difference == 4200)
    }

    /// What will be paid is checked, not only the part that agrees with the hours: a total above
    /// the work and its VAT fails, whatever the work's amount says.
    @Test func aTotalAboveTheWorkAndItsVATFailsTheAmountCheck() {
        var inflated = Self.complete
        inflated.total = 43000

        let check = InvoiceChecks.amount(Self.input(inflated))

        #expect(check.status == .fail && check.code == "total_not_work_and_vat" && check.invoiced == 43000 && check.difference == 1000)
    }

    @Test func vatIsAPayersByItsRateAndANonPayersNone() {
        var payer = Self.complete
        payer.supplierDic = "CZ12345679"
        payer.vatRate = 21
        payer.vatAmount = 8820
        var wrong = payer
        wrong.vatAmount = 4200
        var nonPayer = Self.complete
        nonPayer.vatAmount = 100
        #expect(InvoiceChecks.vat(Self.input(payer)).status == .pass)
        #expect(InvoiceChecks.vat(Self.input(wrong)).code == "not_the_rate")
        #expect(InvoiceChecks.vat(Self.input(nonPayer)).code == "vat_from_non_payer")
        #expect(InvoiceChecks.vat(Self.input(Self.complete)).status == .pass)
    }

    @Test func datesNeedAnIssueInOrAfterTheMonthAndADueDateNotBeforeIt() {
        var early = Self.complete, noDue = Self.complete, backwards = Self.complete
        early.issueDate = CalendarDay(year: 2026, month: 9, day: 30)
        noDue.dueDate = nil
        backwards.dueDate = CalendarDay(year: 2026, month: 11, day: 1)
        #expect(InvoiceChecks.dates(Self.input(early)).code == "issued_before_month")
        #expect(InvoiceChecks.dates(Self.input(noDue)).code == "no_due_date")
        #expect(InvoiceChecks.dates(Self.input(backwards)).code == "due_before_issue")
    }

    @Test func aNewAccountWaitsForConfirmationAndOnFileItPasses() {
        let newAccount = InvoiceChecks.bankAccount(Self.input(Self.complete, profile: ("12345679", nil, "19-2000145399/0800")))
        let onFile = InvoiceChecks.bankAccount(Self.input(Self.complete, profile: ("12345679", nil, "2001000001/0800")))
        #expect(newAccount.status == .needsConfirmation && newAccount.code == "not_on_file")
        #expect(onFile.status == .pass)
    }

    @Test func theSupplierCustomerAndDuplicateChecksCompareIds() {
        let other = UUID()
        #expect(InvoiceChecks.supplier(Self.input(Self.complete, profile: ("76543218", nil, nil))).code == "not_the_persons")
        #expect(InvoiceChecks.customer(Self.input(Self.complete, company: "09110003")).code == "not_ours")
        #expect(InvoiceChecks.duplicate(Self.input(Self.complete, duplicates: [other])).otherInvoiceId == other)
    }
}
