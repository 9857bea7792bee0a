import Foundation
import Testing

@testable import StaffbookCore

/// Outside documents cost what their size says and no more: readers look up each element's own
/// name (never a path joined from all its ancestors), tags past what a real document holds are
/// refused before the parser sees them, and a budget of elements and time ends any parse. The
/// worst cases' timings against a running server are `make verify`'s (hostile_documents).
@Suite("Documents from outside: bounded readers")
struct DocumentBoundsTests {
    static let isdocNamespace = "http://isdoc.cz/namespace/2013"

    /// Long-named nested elements with many empty children, around the values that matter.
    static func isdoc(depth: Int, nameLength: Int, children: Int, inner: String = "") -> Data {
        let name = String(repeating: "A", count: nameLength)
        let opening = (0..<depth).map { "<\(name)\($0 % 10)>" }.joined()
        let closing = (0..<depth).reversed().map { "</\(name)\($0 % 10)>" }.joined()
        return Data(
            (#"<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="\#(isdocNamespace)" version="6.0.2"><ID>FV-2026-042</ID>"#
                + opening + String(repeating: "<b/>", count: children) + inner + closing
                + "<LegalMonetaryTotal><PayableAmount>1000.00</PayableAmount></LegalMonetaryTotal></Invoice>").utf8)
    }

    @Test func anISDOCWithDeepLongNamedJunkIsReadForTheValuesAroundIt() throws {
        let data = try ISDOCReader.read(Self.isdoc(depth: 60, nameLength: 200, children: 5_000), companyIco: nil)

        #expect(data.number == "FV-2026-042")
        #expect(data.total == 1000)
    }

    @Test func aValueAtItsPathInsideJunkIsNotMistakenForOne() throws {
        // `ID` nested in an unknown element is not the invoice's number.
        let data = try ISDOCReader.read(Self.isdoc(depth: 3, nameLength: 5, children: 1, inner: "<ID>not the number</ID>"), companyIco: nil)

        #expect(data.number == "FV-2026-042")
    }

    @Test func anISDOCOfMoreElementsThanTheBudgetIsRefusedAsTooLarge() {
        let bytes = Self.isdoc(depth: 2, nameLength: 5, children: 2_000)

        #expect(throws: ISDOCReader.Problem(field: nil, code: .tooLarge)) {
            try ISDOCReader.read(bytes, companyIco: nil, budget: XMLBudget(maximumElements: 1_000))
        }
    }

    /// Fifth probe, finding 12: a valid 2 MiB ISDOC was refused when two arrived at once (the
    /// budget was a clock). The budget is work: eight parsed at once on two cores all pass.
    @Test func aValidISDOCParsedBesideOthersIsNeverRefusedForTheTimeItTook() async throws {
        let bytes = Self.isdoc(depth: 2, nameLength: 5, children: 300_000)
        #expect(bytes.count > 1 << 20)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(ISDOCReader.Problem) {
                        _ = try ISDOCReader.read(bytes, companyIco: nil)
                        return true
                    } catch {
                        return error != ISDOCReader.Problem(field: nil, code: .tooLarge)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 }, "none refused as too large for being parsed beside the others")
    }

    @Test(arguments: [64, 65])
    func attributesPastWhatARealElementCarriesAreRefusedUnparsed(count: Int) {
        let attributes = (0..<count - 1).map { #"a\#($0)="x""# }.joined(separator: " ")
        let bytes = Data(#"<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="\#(Self.isdocNamespace)" \#(attributes)></Invoice>"#.utf8)

        #expect(XMLInput.screen(bytes) == (count > XMLInput.maximumAttributes ? .tooComplex : nil))
    }

    @Test func equalsSignsInValuesCommentsAndCDATAAreNoAttributes() {
        let many = String(repeating: "a=b ", count: 100)
        let bytes = Data(
            #"<Invoice xmlns="\#(Self.isdocNamespace)" note="\#(many)"><!-- \#(many) --><ID><![CDATA[<x \#(many)>]]></ID></Invoice>"#.utf8)

        #expect(XMLInput.screen(bytes) == nil)
    }

    @Test func anElementNameLongerThanAnyRealOneIsRefusedUnparsed() {
        let name = String(repeating: "N", count: XMLInput.maximumNameLength + 1)

        #expect(XMLInput.screen(Data("<\(name)></\(name)>".utf8)) == .tooComplex)
        #expect(XMLInput.screen(Data("<\(name.dropLast())/>".utf8)) == nil)
    }

    // MARK: camt.053

    static func camt(_ entry: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
            <Stmt><Id>S1</Id><Acct><Id><IBAN>CZ2720100000002000100027</IBAN></Id></Acct>\(entry)</Stmt></BkToCstmrStmt></Document>
            """.utf8)
    }

    static func transaction(_ amount: String) -> String {
        #"<TxDtls><AmtDtls><TxAmt><Amt Ccy="CZK">\#(amount)</Amt></TxAmt></AmtDtls><RmtInf><Ustrd>VS:2026042</Ustrd></RmtInf></TxDtls>"#
    }

    static func entry(_ inside: String) -> String {
        #"<Ntry><Amt Ccy="CZK">2.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-20</Dt></BookgDt><NtryDtls>\#(inside)</NtryDtls></Ntry>"#
    }

    @Test func aStatementEntryWithDeepJunkIsReadForItsTransactions() throws {
        let name = String(repeating: "B", count: 200)
        let junk = (0..<50).map { "<\(name)\($0)>" }.joined() + String(repeating: "<c/>", count: 3_000)
            + (0..<50).reversed().map { "</\(name)\($0)>" }.joined()

        let statement = try Camt053Reader.read(Self.camt(Self.entry(junk + Self.transaction("1.00") + Self.transaction("1.00"))))

        #expect(statement.lines.map(\.amount) == [1, 1])
        #expect(statement.lines.allSatisfy { $0.variableSymbol == "2026042" && $0.currency == "CZK" })
    }

    @Test func theLineLimitCountsTransactionsNotEntries() {
        let one = Self.entry(String(repeating: Self.transaction("1.00"), count: 11))

        #expect(throws: BankStatementProblem(.tooLarge)) { try Camt053Reader.read(Self.camt(one), maximumLines: 10) }
        #expect((try? Camt053Reader.read(Self.camt(one), maximumLines: 11))?.lines.count == 11)
    }

    @Test func aStatementWithTensOfThousandsOfAttributesOnOneElementIsRefusedUnparsed() {
        let attributes = (0..<40_000).map { #"a\#($0)="x""# }.joined(separator: " ")

        #expect(throws: BankStatementProblem(.tooLarge)) {
            try Camt053Reader.read(Self.camt(#"<Ntry \#(attributes)/>"#))
        }
    }

    // MARK: The tree

    @Test func theTreeFindsEachPathByItsNamesAndAWildcardLevel() {
        let tree = XMLElementTree([("Invoice/ID", 0), ("Document/*/Stmt/Id", 1)])
        func walk(_ names: [String]) -> Int? {
            tree.mark(names.reduce(XMLElementTree.top) { tree.child(of: $0, named: $1) })
        }

        #expect(walk(["Invoice", "ID"]) == 0)
        #expect(walk(["Document", "BkToCstmrStmt", "Stmt", "Id"]) == 1)
        #expect(walk(["Invoice", "Other", "ID"]) == nil)
        #expect(walk(["Invoice"]) == nil)
        #expect(tree.child(of: XMLElementTree.outside, named: "ID") == XMLElementTree.outside)
    }
}
