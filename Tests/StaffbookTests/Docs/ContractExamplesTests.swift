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

@Suite("The client package's generated sources")
struct ClientSourcesTests {
    /// The client package (Client/) commits its generated sources so that an app's build runs no
    /// generator; `scripts/generate-client.py --check` writes them again from openapi.yaml with
    /// the generator the server builds with and fails when a committed file differs (a contract
    /// change without `make client`).
    @Test func theClientsGeneratedSourcesAreWhatTheContractGivesToday() async throws {
        // The generator runs for seconds.
        let (status, text) = try await RepositoryScript.run("generate-client.py", ["--check"])

        #expect(status == 0, "\(text)")
        #expect(text.contains("generated files of the client are fresh"), "\(text)")
    }

    /// The client's README shows the example app's model as it is compiled (Client/Examples).
    @Test func theClientsReadmeShowsTheExampleModelAsItCompiles() throws {
        let root = TestDatabase.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("Client/README.md"), encoding: .utf8)
        let model = try String(contentsOf: root.appendingPathComponent("Client/Examples/Sources/ReadmeApp/AppModel.swift"), encoding: .utf8)

        #expect(readme.contains("```swift\n" + model + "```"))
    }
}
