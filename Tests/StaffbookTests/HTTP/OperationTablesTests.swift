import Foundation
import HTTPTypes
import StaffbookTestSupport
import Testing
@testable import StaffbookHTTP

@Suite("The tables written from the contract's x-staffbook extensions")
struct OperationTablesTests {
    /// Forwarding, access and scopes, body limits and the date-carrying bodies are written by
    /// `scripts/generate-operations.py` from `openapi.yaml`; `--check` writes them again and fails
    /// when a committed file differs (a contract change without `make operations`).
    @Test func theCommittedTablesAreWhatTheContractGivesToday() async throws {
        let (status, text) = try await RepositoryScript.run("generate-operations.py", ["--check"])

        #expect(status == 0, "\(text)")
        #expect(text.contains("4 operation tables of \(AccessPolicy.operations.count) operations are fresh"), "\(text)")
    }

    @Test func aLargerBodyLimitMatchesItsOperationsPathWithAnyValueInATemplateSegment() {
        let upload = BodyLimitMiddleware.operationLimits.first { $0.kind == .upload }
        let statement = BodyLimitMiddleware.operationLimits.first { $0.kind == .statement }

        #expect(upload?.envelope == true)
        #expect(upload?.matches(.put, "/v1/me/invoices/2026-10") == true)
        #expect(upload?.matches(.put, "/v1/me/invoices/anything") == true)
        #expect(upload?.matches(.get, "/v1/me/invoices/2026-10") == false)
        #expect(upload?.matches(.put, "/v1/me/invoices") == false)
        #expect(upload?.matches(.put, "/v1/me/invoices/2026-10/files") == false)
        #expect(upload?.matches(.put, "/v1/users/2026-10/invoices") == false)
        #expect(statement?.envelope == false)
        #expect(statement?.matches(.post, "/v1/payment-runs/statements") == true)
        #expect(statement?.matches(.post, "/v1/payment-runs/statements/x") == false)
        #expect(statement?.matches(.post, "/v1/payment-runs/other") == false)
    }
}
