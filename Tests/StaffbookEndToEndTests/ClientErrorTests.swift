import Foundation
import StaffbookClient
import StaffbookTestSupport
import Testing

/// Finding 17 of the third probe: an app logging a failed call's error must not log a password
/// or a token.
@Suite struct ClientErrorTests {
    static let password = "my secret password 1234"

    static func texts(of error: any Error) -> [String] {
        [String(describing: error), String(reflecting: error), error.localizedDescription, "\(error)"]
    }

    @Test func secrets_aFailedSignInsErrorCarriesNeitherThePasswordNorTheAddress() async throws {
        try await EndToEndServer.run { server in
            let app = Staffbook(serverURL: server.url)

            let error = await #expect(throws: StaffbookProblem.self) {
                try await app.signIn(email: "jan.novak@staffbook.example", password: Self.password)
            }
            let reset = await #expect(throws: StaffbookProblem.self) {
                _ = try await app.api.resetPassword(
                    path: .init(token: String(repeating: "S", count: 43)), body: .json(.init(password: Self.password))
                )
            }

            #expect(error?.status == 401)
            #expect(error?.localizedDescription.isEmpty == false)
            for text in Self.texts(of: try #require(error)) + Self.texts(of: try #require(reset)) {
                #expect(!text.contains(Self.password) && !text.contains("SSSSSSSS"), "\(text)")
            }
        }
    }

    @Test func secrets_whenNoServerAnswersTheErrorSaysSoWithoutTheRequest() async throws {
        // A port nothing listens on: the connection is refused at once.
        let app = Staffbook(serverURL: try #require(URL(string: "http://127.0.0.1:9")), language: "cs", retry: RetryPolicy(maxAttempts: 1))

        let error = await #expect(throws: StaffbookTransportError.self) {
            try await app.signIn(email: "jan.novak@staffbook.example", password: Self.password)
        }
        let refresh = await #expect(throws: StaffbookTransportError.self) {
            _ = try await app.api.refreshTokens(body: .json(.init(refreshToken: "REFRESHTOKENrefreshTOKEN")))
        }

        #expect(error?.operationID == "signInWithPassword")
        #expect(error?.localizedDescription == "Staffbook teď není dostupný. Zkontrolujte připojení a zkuste to znovu.")
        for text in Self.texts(of: try #require(error)) + Self.texts(of: try #require(refresh)) {
            #expect(!text.contains(Self.password) && !text.contains("REFRESHTOKEN"), "\(text)")
        }
    }
}
