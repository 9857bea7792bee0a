import Foundation
import Testing

@testable import StaffbookCore

/// The pay run's files: ABO read back field by field, pain.001 against ISO's schema, camt.053
/// and GPC statements read, and statement lines paired with sent payments.
@Suite("Payments: bank files and statements")
struct PaymentFilesTests {
    static let payer = PayerAccount(
        name: "Staffbook s.r.o.", account: account("2000100027/2010"), bic: "FIOBCZPPXXX", format: .abo
    )
    static let day = CalendarDay(year: 2026, month: 11, day: 24)

    static func account(_ text: String) -> BankAccount {
        (try? BankAccount(text)) ?? { fatalError("test account \(text)") }()
    }

    static func order(_ amount: Decimal, to account: String, symbol: String?, due: CalendarDay, name: String = "Jan Novák", currency: String = "CZK")
        -> PaymentOrder
    {
        PaymentOrder(
            id: UUID(), amount: amount, currency: currency, creditorName: name, creditorAccount: Self.account(account), variableSymbol: symbol,
            dueDate: due, message: "Faktura FV-2026-0042 za 2026-10"
        )
    }

    // MARK: ABO

    /// The fields of an ABO file by their columns, as the format's description gives them.
    struct ABOReader {
        struct Item {
            var account: String, amount: Decimal, symbol: String, bank: String, constant: String, specific: String, message: String?
        }
        struct Group { var payer: String, total: Decimal, due: String, items: [Item] }
        var header: String
        var accountingHeader: String
        var groups: [Group] = []

        init(_ data: Data) throws {
            let text = try #require(String(data: data, encoding: .ascii), "ABO is ASCII")
            #expect(text.hasSuffix("\r\n"))
            #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
            var lines = text.components(separatedBy: "\r\n").dropLast().map { Array($0) }
            func field(_ line: [Character], _ range: Range<Int>) -> String { String(line[range]) }
            func hundredths(_ digits: String) throws -> Decimal {
                let value = try #require(digits.allSatisfy { $0.isASCIIDigit } ? Int64(digits) : nil, "\(digits) is digits")
                return Decimal(value) / 100
            }
            header = String(lines.removeFirst())
            accountingHeader = String(lines.removeFirst())
            #expect(String(lines.removeLast()) == "5 +")
            while !lines.isEmpty {
                let line = lines.removeFirst()
                #expect(line.count == 41 && field(line, 0..<2) == "2 " && line[19] == " " && line[34] == " ", "group header: \(String(line))")
                var group = Group(payer: field(line, 2..<19), total: try hundredths(field(line, 20..<34)), due: field(line, 35..<41), items: [])
                while let next = lines.first, String(next) != "3 +" {
                    lines.removeFirst()
                    #expect(next.count == 64 || (next.count > 68 && field(next, 64..<68) == " AV:" && next.count <= 68 + 35), "item: \(String(next))")
                    #expect(next[6] == "-" && next[17] == " " && next[33] == " " && next[44] == " " && next[53] == " ")
                    group.items.append(
                        Item(
                            account: field(next, 0..<17), amount: try hundredths(field(next, 18..<33)), symbol: field(next, 34..<44),
                            bank: field(next, 45..<49), constant: field(next, 49..<53), specific: field(next, 54..<64),
                            message: next.count > 68 ? field(next, 68..<next.count) : nil
                        ))
                }
                #expect(lines.first.map { String($0) } == "3 +", "a group ends with 3 +")
                lines.removeFirst()
                groups.append(group)
            }
        }
    }

    @Test func anABOFileReadsFieldByFieldAsTheFormatSaysWithAGroupPerDueDateAndTotalsThatAddUp() throws {
        let orders = [
            Self.order(121_125, to: "2001000001/0800", symbol: "20261042", due: CalendarDay(year: 2026, month: 11, day: 16)),
            Self.order(500.5, to: "19-2000145399/0800", symbol: "0000000007", due: CalendarDay(year: 2026, month: 11, day: 20), name: "Petra"),
            Self.order(99.99, to: "2000100019/0100", symbol: nil, due: CalendarDay(year: 2026, month: 12, day: 5), name: "Eva"),
        ]
        let file = try ABOReader(ABOFile.write(orders, payer: Self.payer, clientNumber: "123", day: Self.day))

        #expect(file.header.count == 58)
        #expect(file.header.hasPrefix("UHL1241126Staffbook s.r.o.    0000000123001999"))
        #expect(file.header.hasSuffix("000000000000"))
        #expect(file.accountingHeader == "1 1501 001000 2010")
        // Due dates already past are paid on the day the file is written: one group for both.
        #expect(file.groups.map(\.due) == ["241126", "051226"])
        #expect(file.groups.allSatisfy { $0.payer == "000000-2000100027" })
        for group in file.groups {
            #expect(group.total == group.items.reduce(Decimal()) { $0 + $1.amount }, "the group's total is its items' sum")
        }
        let first = try #require(file.groups.first)
        #expect(first.total == 121_625.5)
        let jan = try #require(first.items.first { $0.amount == 121_125 })
        #expect(jan.account == "000000-2001000001" && jan.bank == "0800" && jan.symbol == "0020261042")
        #expect(jan.constant == "0000" && jan.specific == "0000000000")
        #expect(jan.message == "Faktura FV-2026-0042 za 2026-10")
        let petra = try #require(first.items.first { $0.amount == 500.5 })
        #expect(petra.account == "000019-2000145399" && petra.symbol == "0000000007")
        let eva = try #require(file.groups.last?.items.first)
        #expect(eva.account == "000000-2000100019" && eva.bank == "0100" && eva.symbol == "0000000000" && eva.amount == 99.99)
    }

    @Test func anABOFileTakesOnlyCzechCrownsToCzechAccountsInWholeHaler() {
        let due = Self.day
        let euro = Self.order(10, to: "DE89370400440532013000", symbol: "1", due: due, currency: "EUR")
        #expect(throws: PaymentFileProblem.notDomestic(euro.id)) { try ABOFile.write([euro], payer: Self.payer, day: due) }
        let fraction = Self.order(Decimal(string: "10.005") ?? 0, to: "2001000001/0800", symbol: "1", due: due)
        #expect(throws: PaymentFileProblem.amount(fraction.id)) { try ABOFile.write([fraction], payer: Self.payer, day: due) }
        var foreignPayer = Self.payer
        foreignPayer.account = Self.account("DE89370400440532013000")
        #expect(throws: PaymentFileProblem.payerNotDomestic) { try ABOFile.write([], payer: foreignPayer, day: due) }
    }

    @Test func aNameWithDiacriticsIsFoldedToASCII() throws {
        let orders = [Self.order(1, to: "2001000001/0800", symbol: "1", due: Self.day)]
        var payer = Self.payer
        payer.name = "Účetní Žluťoučký kůň"
        let file = try ABOReader(ABOFile.write(orders, payer: payer, day: Self.day))
        #expect(file.header.hasPrefix("UHL1241126Ucetni Zlutoucky kun"))
    }

    // MARK: pain.001

    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/pain.001.001.03.xsd")

    /// xmllint's verdict on `xml` against ISO's pain.001.001.03 schema.
    static func validate(_ xml: Data) throws -> (valid: Bool, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pain001-\(UUID().uuidString).xml")
        try xml.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--nonet", "--schema", schema.path, file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
    }

    @Test func everyPain001FileIsValidAgainstISOsSchemaForCrownsEurosAndAwkwardText() throws {
        let runId = UUID()
        let now = Date(timeIntervalSince1970: 1_795_500_000)
        let orders = [
            Self.order(121_125, to: "2001000001/0800", symbol: "20261042", due: CalendarDay(year: 2026, month: 11, day: 16)),
            Self.order(500.5, to: "19-2000145399/0800", symbol: nil, due: CalendarDay(year: 2026, month: 12, day: 1), name: #"<Petra> & "Co" 's"#),
            Self.order(1200, to: "DE89370400440532013000", symbol: "77", due: Self.day, name: "Jürgen Müller\u{7}", currency: "EUR"),
            Self.order(1, to: "2000100019/0100", symbol: "1", due: Self.day, name: "\u{1}\u{2}"),
        ]
        var payers = [Self.payer]
        payers.append(PayerAccount(name: "Staffbook", account: Self.payer.account, bic: nil, format: .pain001))
        for payer in payers {
            let xml = try Pain001File.write(orders, payer: payer, runId: runId, now: now, day: Self.day)
            let verdict = try Self.validate(xml)
            #expect(verdict.valid, "\(verdict.output)")
            let text = String(decoding: xml, as: UTF8.self)
            #expect(text.contains("<NbOfTxs>4</NbOfTxs><CtrlSum>122826.50</CtrlSum>"))
            #expect(text.contains("<ReqdExctnDt>2026-11-24</ReqdExctnDt>"), "a past due date is paid on the day")
            #expect(text.contains(#"<InstdAmt Ccy="EUR">1200.00</InstdAmt>"#) && text.contains("<Cd>SEPA</Cd>"))
            #expect(text.contains("<Ref>VS:20261042</Ref>") && text.contains("<EndToEndId>VS:20261042</EndToEndId>"))
            #expect(text.contains("<Nm>&lt;Petra&gt; &amp; &quot;Co&quot; &apos;s</Nm>") && text.contains("<Nm>Jurgen Muller</Nm>"))
        }
    }

    @Test func theSchemaCheckRefusesAFileThatBreaksIt() throws {
        let xml = try Pain001File.write(
            [Self.order(1, to: "2001000001/0800", symbol: "1", due: Self.day)], payer: Self.payer, runId: UUID(), now: Date(), day: Self.day)
        let broken = String(decoding: xml, as: UTF8.self).replacingOccurrences(of: "<PmtMtd>TRF</PmtMtd>", with: "<PmtMtd>XXX</PmtMtd>")
        #expect(try Self.validate(Data(broken.utf8)).valid == false)
    }

    // MARK: Statements

    static let ourIban = "CZ2720100000002000100027"

    static func camt(_ entries: String, account: String = ourIban) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
            <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-20T18:00:00</CreDtTm></GrpHdr>
            <Stmt><Id>STMT-7</Id><Acct><Id><IBAN>\(account)</IBAN></Id></Acct>
            <Bal><Amt Ccy="CZK">1000000.00</Amt></Bal>
            \(entries)
            </Stmt></BkToCstmrStmt></Document>
            """.utf8)
    }

    static func entry(_ amount: String, _ indicator: String = "DBIT", status: String = "BOOK", details: String) -> String {
        """
        <Ntry><Amt Ccy="CZK">\(amount)</Amt><CdtDbtInd>\(indicator)</CdtDbtInd><Sts>\(status)</Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>REF-\(amount)</AcctSvcrRef><NtryDtls>\(details)</NtryDtls></Ntry>
        """
    }

    @Test func aCamt053StatementGivesEachBookedLineWithItsSymbolCounterAccountAndDate() throws {
        let statement = try BankStatementReader.read(
            Self.camt(
                Self.entry(
                    "121125.00",
                    details: """
                        <TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties><Cdtr><Nm>Jan Novák</Nm></Cdtr>
                        <CdtrAcct><Id><IBAN>CZ8808000000002001000001</IBAN></Id></CdtrAcct></RltdPties>
                        <RmtInf><Strd><CdtrRefInf><Ref>VS:0020261042</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>
                        """)
                    + Self.entry("5.00", status: "PDNG", details: "")
                    + Self.entry(
                        "1000.00", "CRDT",
                        details: "<TxDtls><RltdPties><DbtrAcct><Id><Othr><Id>19-2000145399/0800</Id></Othr></Id></DbtrAcct></RltdPties></TxDtls>")
                    + Self.entry(
                        "300.00",
                        details: """
                            <TxDtls><Refs><EndToEndId>/VS/11</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="CZK">100.00</Amt></TxAmt></AmtDtls></TxDtls>
                            <TxDtls><Refs><EndToEndId>VS22</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="CZK">200.00</Amt></TxAmt></AmtDtls></TxDtls>
                            """)),
            ourAccount: Self.payer.account
        )
        #expect(statement.format == .camt053 && statement.identifier == "STMT-7")
        #expect(statement.lines.count == 4, "the pending entry is left out, the batch is two lines")
        let jan = try #require(statement.lines.first)
        #expect(jan.amount == 121_125 && jan.isDebit && jan.variableSymbol == "20261042" && jan.bookingDate.iso == "2026-11-20")
        #expect(jan.counterAccount == "CZ8808000000002001000001" && jan.counterName == "Jan Novák" && jan.reference == "REF-121125.00")
        #expect(statement.lines[1].isDebit == false && statement.lines[1].counterAccount == "CZ6508000000192000145399")
        #expect(statement.lines[2...].map(\.amount) == [100, 200] && statement.lines[2...].map(\.variableSymbol) == ["11", "22"])
    }

    @Test func aStatementOfAnotherAccountADeclarationOrSomethingElseIsRefused() {
        #expect(throws: BankStatementProblem(.notOurAccount)) {
            try BankStatementReader.read(Self.camt("", account: "CZ8808000000002001000001"), ourAccount: Self.payer.account)
        }
        let bomb = #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><d>&b;</d>"#
        #expect(throws: BankStatementProblem(.declarations)) { try BankStatementReader.read(Data(bomb.utf8), ourAccount: Self.payer.account) }
        let external = #"<?xml version="1.0"?><!DOCTYPE d SYSTEM "file:///etc/passwd"><d/>"#
        #expect(throws: BankStatementProblem(.declarations)) { try BankStatementReader.read(Data(external.utf8), ourAccount: Self.payer.account) }
        #expect(throws: BankStatementProblem(.notAStatement)) {
            try BankStatementReader.read(Data("<Invoice xmlns='http://isdoc.cz/namespace/2013'/>".utf8), ourAccount: Self.payer.account)
        }
        #expect(throws: BankStatementProblem(.invalid, line: 1)) {
            try BankStatementReader.read(Self.camt(Self.entry("-5", details: "")), ourAccount: Self.payer.account)
        }
        #expect(throws: BankStatementProblem(.tooLarge)) {
            try BankStatementReader.read(Data(count: BankStatementReader.maximumBytes + 1), ourAccount: Self.payer.account)
        }
    }

    /// A GPC line of 128 columns, as the format lays it out.
    static func gpcLine(kind: String = "1", amount: String, symbol: String, counter: String = "0000002001000001", bank: String = "0800", name: String)
        -> String
    {
        func pad(_ text: String, _ width: Int) -> String { String(repeating: "0", count: width - text.count) + text }
        let named = name.padding(toLength: 20, withPad: " ", startingAt: 0)
        return "075" + "0000002000100027" + counter + pad("1", 13) + pad(amount, 12) + kind + pad(symbol, 10) + "00" + bank + "0000"
            + pad("", 10) + "201126" + named + "0" + "0203" + "201126"
    }

    static let gpcHeader = "0740000002000100027Staffbook s.r.o.    201126" + String(repeating: "0", count: 14) + "+" + String(repeating: "0", count: 14)
        + "+" + String(repeating: "0", count: 14) + "0" + String(repeating: "0", count: 14) + "0" + "001201126" + String(repeating: " ", count: 14)

    @Test func aGPCStatementInWindows1250GivesEachLineWithItsSymbolCounterAccountAndDate() throws {
        let lines = [
            Self.gpcHeader, Self.gpcLine(amount: "12112500", symbol: "20261042", name: "Jan Novák"),
            Self.gpcLine(kind: "2", amount: "100000", symbol: "99", counter: "0000192000145399", name: "Zákazník"),
            Self.gpcLine(kind: "4", amount: "100", symbol: "1", name: "storno"),
        ]
        let bytes = try #require(lines.map { $0 + "\r\n" }.joined().data(using: .windowsCP1250))
        let statement = try BankStatementReader.read(bytes, ourAccount: Self.payer.account)
        #expect(statement.format == .gpc && statement.lines.count == 3)
        let jan = statement.lines[0]
        #expect(jan.amount == 121_125 && jan.isDebit && !jan.isReversal && jan.variableSymbol == "20261042" && jan.currency == "CZK")
        #expect(jan.counterAccount == "CZ8808000000002001000001" && jan.counterName == "Jan Novák" && jan.bookingDate.iso == "2026-11-20")
        #expect(!statement.lines[1].isDebit && statement.lines[1].counterName == "Zákazník")
        #expect(statement.lines[1].counterAccount == "CZ6508000000192000145399")
        #expect(statement.lines[2].isReversal)

        let other = try #require(lines.map { $0.replacingOccurrences(of: "0000002000100027", with: "0000002000100019") }.joined(separator: "\n").data(using: .windowsCP1250))
        #expect(throws: BankStatementProblem(.notOurAccount)) { try BankStatementReader.read(other, ourAccount: Self.payer.account) }
        let cut = try #require((lines[0] + "\r\n" + lines[1].dropLast(3)).data(using: .windowsCP1250))
        // The first movement (the header aside), as an import's answer numbers it.
        #expect(throws: BankStatementProblem(.invalid, line: 1)) { try BankStatementReader.read(cut, ourAccount: Self.payer.account) }
    }

    // MARK: Matching

    static func line(_ amount: Decimal, symbol: String?, account: String?, debit: Bool = true) -> BankStatementLine {
        BankStatementLine(
            reference: nil, bookingDate: Self.day, amount: amount, currency: "CZK", isDebit: debit, variableSymbol: symbol, counterAccount: account,
            counterName: nil
        )
    }

    @Test func aLinePaysAnItemOnlyWhenSymbolAmountAndAccountAllAgreeAndAPartialMatchIsOnlyListed() {
        let jan = SentPayment(itemId: UUID(), amount: 121_125, currency: "CZK", variableSymbol: "20261042", account: "CZ8808000000002001000001")
        let petra = SentPayment(itemId: UUID(), amount: 500, currency: "CZK", variableSymbol: "7", account: "CZ6508000000192000145399")
        let twin = SentPayment(itemId: UUID(), amount: 500, currency: "CZK", variableSymbol: "7", account: "CZ6508000000192000145399")
        let lines = [
            Self.line(121_125, symbol: "0020261042", account: jan.account),  // pays Jan (leading zeros do not count)
            Self.line(500, symbol: "7", account: petra.account),  // pays Petra
            Self.line(500, symbol: "7", account: petra.account),  // pays the twin: each item once
            Self.line(500, symbol: "7", account: petra.account),  // both paid by this statement: paid twice
            Self.line(121_000, symbol: "20261042", account: jan.account),  // Jan is paid already: unmatched
            Self.line(121_125, symbol: "20261042", account: jan.account, debit: false),  // money received
        ]
        let result = StatementMatching.match(lines, sent: [jan, petra, twin])
        #expect(result.matched.map(\.line) == [0, 1, 2])
        #expect(result.matched.map(\.itemId) == [jan.itemId, petra.itemId, twin.itemId])
        #expect(result.unmatched == [4, 5])
        #expect(result.paidTwice.map(\.line) == [3] && result.paidTwice.map(\.itemId) == [petra.itemId])
        #expect(result.partial.count == 0, "Jan is paid already: a second line for him is no longer a candidate")

        let partial = StatementMatching.match([Self.line(121_000, symbol: "20261042", account: jan.account)], sent: [jan])
        #expect(partial.matched.isEmpty && partial.unmatched.isEmpty)
        #expect(partial.partial.map(\.itemId) == [jan.itemId] && partial.partial.first?.agreeing == [.variableSymbol, .account])
    }

    /// Fifth probe, finding 10: two debits of the same invoice in one statement: the second was
    /// plain `unmatched`; it is a possible double payment, as against an earlier statement.
    @Test func aSecondDebitOfTheSamePaymentInOneStatementIsAPossibleDoublePayment() {
        let jan = SentPayment(itemId: UUID(), amount: 121_125, currency: "CZK", variableSymbol: "20261042", account: "CZ8808000000002001000001")
        let twice = [Self.line(121_125, symbol: "20261042", account: jan.account), Self.line(121_125, symbol: "20261042", account: jan.account)]
        let result = StatementMatching.match(twice, sent: [jan])
        #expect(result.matched.map(\.line) == [0] && result.paidTwice.map(\.line) == [1] && result.paidTwice.first?.itemId == jan.itemId)
        #expect(result.unmatched.isEmpty)
    }
}
