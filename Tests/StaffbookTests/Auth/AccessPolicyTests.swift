import Foundation
import StaffbookTestSupport
import Testing
@testable import StaffbookCore
@testable import StaffbookHTTP
@testable import StaffbookPostgres

@Suite("Access policy")
struct AccessPolicyTests {
    /// Every `operationId` in the contract, read from the file itself.
    static let specOperations: Set<String> = {
        let spec = try! String(contentsOf: TestDatabase.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        return Set(spec.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId:") else { return nil }
            return trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
        })
    }()

    @Test func everyOperationInTheContractDeclaresWhoMayCallIt() {
        #expect(Set(AccessPolicy.operations.keys) == Self.specOperations)
    }

    @Test func operationsOpenToAnyoneAreExactlyThoseTheSpecMarksWithoutSecurity() throws {
        let spec = try String(contentsOf: TestDatabase.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let lines = spec.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var open: Set<String> = []
        for (index, line) in lines.enumerated() where line.hasPrefix("operationId:") {
            let id = line.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
            // The operation's own keys up to its responses.
            let operation = lines[index...].prefix { $0 != "responses:" }
            if operation.contains("security: []") { open.insert(id) }
        }

        #expect(Set(AccessPolicy.operations.filter { $0.value == .anyone }.keys) == open)
    }
}
