import Foundation
import OpenAPIRuntime
import StaffbookAPI

#if canImport(OpenAPIURLSession)
    import OpenAPIURLSession
#elseif canImport(OpenAPIAsyncHTTPClient)
    import OpenAPIAsyncHTTPClient
#endif

/// Staffbook for an app: `api` has every operation of the contract (typed), sending the
/// signed-in person's token, renewing it once for all concurrent requests, retrying idempotent
/// requests the server asked to retry, and throwing `StaffbookProblem` for every failure the
/// server describes (`StaffbookTransportError` when no answer came, `SignedOut` when the
/// person must sign in again). No error's description carries a password or a token.
public struct Staffbook: Sendable {
    /// Every operation of the contract.
    public let api: StaffbookAPIClient
    /// The token pair in use; the app may store and restore it.
    public let tokens: TokenVault

    /// Up to this many bytes of a streamed request body are kept to send it again.
    static let maxReplayBytes = 32 << 20

    /// - Parameters:
    ///   - serverURL: The server with its base path, e.g. `https://staffbook.example.cz`.
    ///   - language: `Accept-Language` for problem texts and field messages (`cs` or `en`).
    ///   - transport: URLSession on Apple platforms, AsyncHTTPClient elsewhere, by default.
    ///   - retry: How idempotent requests are retried on 503 and 429.
    ///   - tokens: A pair saved from an earlier run, if any.
    ///   - onTokensChange: Called with every new pair (and nil on sign-out), to save it.
    ///   - onSignedOut: Called when the refresh token is refused and the person must sign in.
    public init(
        serverURL: URL,
        language: String? = nil,
        transport: any ClientTransport = Staffbook.defaultTransport,
        retry: RetryPolicy = RetryPolicy(),
        tokens: TokenPair? = nil,
        onTokensChange: (@Sendable (TokenPair?) -> Void)? = nil,
        onSignedOut: (@Sendable () -> Void)? = nil
    ) {
        let configuration = Configuration(jsonEncodingOptions: [.sortedKeys])
        let problems = ProblemMiddleware(language: language)
        let retries = RetryMiddleware(policy: retry, maxReplayBytes: Self.maxReplayBytes)
        // The refresh goes out without the auth middleware: it must never wait for itself.
        let anonymous = Client(serverURL: serverURL, configuration: configuration, transport: transport, middlewares: [problems, retries])
        let vault = TokenVault(
            tokens: tokens,
            refresh: { refreshToken in try await Self.refresh(refreshToken, with: anonymous) },
            onChange: onTokensChange,
            onSignedOut: onSignedOut
        )
        self.tokens = vault
        api = StaffbookAPIClient(
            client: Client(
                serverURL: serverURL,
                configuration: configuration,
                transport: transport,
                middlewares: [problems, retries, AuthMiddleware(vault: vault, maxReplayBytes: Self.maxReplayBytes)]
            ))
    }

    /// Signs in with a work e-mail and password and keeps the token pair.
    @discardableResult
    public func signIn(email: String, password: String, device: String? = nil) async throws -> Components.Schemas.User {
        let response = try await api.signInWithPassword(body: .json(.init(email: email, password: password, client: device))).ok.body.json
        await tokens.store(TokenPair(accessToken: response.accessToken, refreshToken: response.refreshToken))
        return response.user
    }

    /// Ends the session on the server and forgets the tokens, even if the server is away.
    public func signOut() async throws {
        do {
            _ = try await api.logout().noContent
        } catch {
            await tokens.store(nil)
            throw error
        }
        await tokens.store(nil)
    }

    private static func refresh(_ refreshToken: String, with client: Client) async throws -> TokenPair {
        do {
            let response = try await StaffbookAPIClient(client: client).refreshTokens(body: .json(.init(refreshToken: refreshToken))).ok.body
                .json
            return TokenPair(accessToken: response.accessToken, refreshToken: response.refreshToken)
        } catch {
            if StaffbookProblem(error)?.status == 401 { throw SignedOut() }
            throw error
        }
    }

    /// URLSession where Foundation has it in full, AsyncHTTPClient on Linux.
    public static var defaultTransport: any ClientTransport {
        #if canImport(OpenAPIURLSession)
            URLSessionTransport()
        #else
            AsyncHTTPClientTransport()
        #endif
    }
}
