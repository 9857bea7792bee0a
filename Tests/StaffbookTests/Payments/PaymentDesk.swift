import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import StaffbookTestSupport

@testable import StaffbookHTTP

/// What the pay-run tests share: the company's account, the answers' shapes, approved invoices
/// made payable, and statements written by the demo script as a bank would send them.
enum PaymentDesk {
    static let ourIBAN = "CZ2720100000002000100027"
    /// Three suppliers' accounts (valid check digits, nobody's).
    static let accounts = ["CZ8808000000002001000001", "CZ6508000000192000145399", "CZ7501000000002000100019"]

    struct Item: Decodable {
        var id: String
        var invoiceId: String
        var state: String
        var amount: String
        var currency: String
        var bankAccount: String
        var variableSymbol: String?
        var dueDate: String
        var paidOn: String?
    }
    struct Total: Decodable, Equatable {
        var currency: String
        var count: Int
        var total: String
    }
    struct Event: Decodable {
        var action: String
        var from: String?
        var to: String
    }
    struct Run: Decodable {
        var id: String
        var number: Int
        var state: String
        var totals: [Total]
        var actions: [String]
        var items: [Item]
        var events: [Event]
    }
    struct Exclusion: Decodable, Equatable {
        var invoiceId: String
        var reason: String
        var run: Int?
        var note: String?
    }
    struct Created: Decodable {
        var run: Run
        var excluded: [Exclusion]
    }
    struct Matched: Decodable {
        var line: Int
        var invoiceId: String
        var run: Int
        var bookedOn: String
    }
    struct Partial: Decodable {
        var line: Int
        var invoiceId: String
        var agreeing: [String]
    }
    struct Unmatched: Decodable {
        var line: Int
        var direction: String
        var variableSymbol: String?
    }
    struct Import: Decodable {
        var statementId: String?
        var format: String
        var recorded: Bool
        var repeated: Bool
        var lines: Int
        var matched: [Matched]
        var partial: [Partial]
        var unmatched: [Unmatched]
    }

    /// A payment the test expects to see on a statement.
    struct Payable {
        var invoiceId: String
        var amount: String
        var symbol: String
        var account: String
    }

    static let settings = #"{"name":"Staffbook s.r.o.","account":"2000100027/2010","bic":"FIOBCZPP","format":"abo","unmatchedAfterDays":5}"#

    /// A statement of `account` from `scripts/demo-bank-statement.py`.
    static func statement(
        format: String = "camt053", account: String = ourIBAN, id: String = "STMT-1", date: String = "2026-11-20", payments: [String],
        credits: [String] = []
    ) throws -> Data {
        var arguments = [
            "python3", TestDatabase.repositoryRoot.appendingPathComponent("scripts/demo-bank-statement.py").path,
            "--format", format, "--account", account, "--id", id, "--date", date,
        ]
        for payment in payments { arguments += ["--payment", payment] }
        for credit in credits { arguments += ["--credit", credit] }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("demo-bank-statement.py failed: \(arguments)") }
        return data
    }
}

extension TestContext {
    /// The demo company with its account set; an admin's token; `count` of September's approved
    /// contractor invoices made payable (an account and a symbol each, checks passing).
    func payableSeptember(_ count: Int) async throws -> (admin: String, payables: [PaymentDesk.Payable]) {
        try await seedDemo()
        let admin = try await token("admin@staffbook.example")
        let saved = try await send(.put, "/v1/settings/payments", token: admin, json: PaymentDesk.settings)
        guard saved.status == .ok else { throw TestFailure("settings: \(saved.status)") }
        let ids = try await sql(
            "SELECT id::text FROM invoices WHERE state = 'approved' AND kind = 'uploaded' AND period = '2026-09-01' ORDER BY id LIMIT \(count)"
        ).compactMap { $0 }
        var payables: [PaymentDesk.Payable] = []
        for (index, id) in ids.enumerated() {
            let account = PaymentDesk.accounts[index % PaymentDesk.accounts.count]
            let symbol = "20260\(index + 10)"
            _ = try await sql(
                "UPDATE invoices SET bank_account = '\(account)', variable_symbol = '\(symbol)', needs_attention = false WHERE id = '\(id)' RETURNING id::text"
            )
            let amount = try await sql("SELECT amount::text FROM invoices WHERE id = '\(id)'").first.flatMap { $0 } ?? ""
            payables.append(PaymentDesk.Payable(invoiceId: id, amount: amount, symbol: symbol, account: account))
        }
        guard payables.count == count else { throw TestFailure("only \(payables.count) approved invoices in September") }
        return (admin, payables)
    }

    func createRun(_ admin: String, ids: [String], key: String? = nil) async throws -> TestResponse {
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        var headers: HTTPFields = [:]
        if let key { headers[.literal("Idempotency-Key")] = key }
        return try await send(.post, "/v1/payment-runs", token: admin, json: #"{"invoiceIds":[\#(list)]}"#, headers: headers)
    }

    func importStatement(_ data: Data, token: String, confirm: Bool, contentType: String = "application/xml") async throws -> TestResponse {
        let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: contentType]
        return try await client.execute(
            uri: "/v1/payment-runs/statements?confirm=\(confirm)", method: .post, headers: headers, body: ByteBuffer(data: data)
        )
    }
}
