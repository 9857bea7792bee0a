import Foundation
import StaffbookTestSupport
import Testing
@testable import StaffbookHTTP

@Suite("Examples in the contract")
struct ContractExamplesTests {
    /// `scripts/check-examples.py` validates with a JSON Schema validator that is not ours
    /// (openapi-schema-validator, installed by `make test`).
    @Test func everySchemaProblemTypeAndJSONBodyHasAnExampleThatValidates() throws {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestDatabase.repositoryRoot.appendingPathComponent("scripts/check-examples.py").path]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains(" schemas, \(ProblemType.allCases.count) problem examples, "), "\(text)")
        #expect(text.hasSuffix(": 0 failure(s)\n"), "\(text)")
    }
}

@Suite("The client's forwarding of every operation")
struct ClientForwardingTests {
    /// `StaffbookAPIClient` is written from the contract by a script; a new operation without a
    /// fresh file would reach apps as the runtime's `ClientError` (with its input) again.
    @Test func theClientForwardsEveryOperationOfTheContract() throws {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestDatabase.repositoryRoot.appendingPathComponent("scripts/generate-client-api.py").path, "--check"]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "\(text)")
    }
}
