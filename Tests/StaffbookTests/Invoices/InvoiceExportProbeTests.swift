import Foundation
import HTTPTypes
import HummingbirdBcrypt
import HummingbirdTesting
import JWTKit
import NIOCore
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookJobs
@testable import StaffbookMail
@testable import StaffbookPostgres

/// Findings of the outside probes about this area, one test (or more) each; each test is
/// tagged with the probe that found it. The timing and slow-client medians are in `make verify`.
@Suite("The invoice export: what the outside probes found")
struct InvoiceExportProbeTests {
    // 9. Spreadsheet formula injection.

    @Test(.tags(.secondProbe)) func formulaInjection_aNameStartingWithAFormulaCharacterIsTextInTheCSVExport() async throws {
        try await TestApp.test { app in
            try await app.seedDemo()
            let admin = try await app.token("admin@staffbook.example")
            _ = try await app.sql("UPDATE accounts SET first_name = '=HYPERLINK(\"http://x.test\")', last_name = '@SUM(A1)' WHERE id = '\(Demo.ondrejChalupa)'")
            _ = try await app.sql("UPDATE invoices SET state = 'approved' WHERE account_id = '\(Demo.ondrejChalupa)' AND period = '2026-09-01'")

            let csv = try await app.get("/v1/invoices/export?period=2026-09&format=csv", token: admin).text

            #expect(csv.contains(#""'=HYPERLINK(""http://x.test"") @SUM(A1)""#), "\(csv.prefix(500))")
            #expect(!csv.contains(",=HYPERLINK") && !csv.contains("\n=HYPERLINK"))
            #expect(CSVDocument.field("-1+1") == "'-1+1")
            #expect(CSVDocument.field("\tcmd") == "'\tcmd")
            #expect(CSVDocument.field("Novák") == "Novák")
        }
    }
}
