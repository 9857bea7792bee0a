import Foundation
import HTTPTypes
import StaffbookTestSupport
import Testing
@testable import StaffbookHTTP

@Suite("The tables written from the contract's x-staffbook extensions")
struct OperationTablesTests {
    /// Forwarding, access and scopes, and body limits are written by
    /// `scripts/generate-operations.py` from `openapi.yaml`; `--check` writes them again and fails
    /// when a committed file differs (a contract change without `make operations`).
    @Test func theCommittedTablesAreWhatTheContractGivesToday() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("operations-check-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestDatabase.repositoryRoot.appendingPathComponent("scripts/generate-operations.py").path, "--check"]
        process.currentDirectoryURL = TestDatabase.repositoryRoot
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)

        #expect(status == 0, "\(text)")
        #expect(text.contains("3 operation tables of \(AccessPolicy.operations.count) operations are fresh"), "\(text)")
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
