import Foundation
import PostgresNIO
import StaffbookClient
import StaffbookTestSupport
import Testing

@testable import StaffbookPostgres

/// An answer says what happened, and the client makes an app handle it: an approval over
/// failing checks that waits for a second admin is `.accepted` (202), never an `.ok` an app
/// would show as approved.
@Suite struct ClientAnswersTests {
    @Test func anApprovalOverFailingChecksThatOnlyWaitsIsAcceptedNotOK() async throws {
        try await EndToEndServer.run(configure: { $0.fourEyes = .auto }) { server in
            // Petra's October invoice, with a failing check (the demo's ids are md5 of the person and the month).
            let invoice = try await DatabasePool.withRunning(config: server.database, logger: TestDatabase.logger) { pool in
                try await pool.withConnection { connection in
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: """
                                UPDATE invoices SET needs_attention = true, checks = '[{"kind":"supplier","status":"fail","code":"missing"}]'
                                WHERE account_id = '00000000-0000-4000-8000-000000000005' AND period = '2026-10-01' RETURNING id::text
                                """), logger: TestDatabase.logger
                    ).collect().first?.decode(String.self)
                }
            }
            let id = try #require(invoice.flatMap(UUID.init(uuidString:)))
            let app = Staffbook(serverURL: server.url)
            _ = try await app.signIn(email: "admin@staffbook.example", password: "staffbook-demo")
            let answer = try await app.api.actOnInvoice(
                path: .init(invoiceId: id, action: .approve), headers: .init(ifMatch: "*"),
                body: .json(.init(reason: "Dodavatel ověřen", override: true)))
            switch answer {
            case .accepted(let waiting):
                let detail = try waiting.body.json
                #expect(detail.state == .submitted && detail.awaitingSecondAdmin?.first?.what == .override)
            case .ok:
                Issue.record("200 for a change that was only requested")
            default:
                Issue.record("unexpected: \(answer)")
            }
        }
    }
}
