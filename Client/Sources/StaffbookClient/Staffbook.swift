import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// Staffbook for an app: `api` has every operation of the contract (typed), sending the
/// signed-in person's token, renewing it once for all concurrent requests, retrying idempotent
/// requests the server asked to retry, and throwing `StaffbookProblem` for every failure the
/// server describes (`StaffbookTransportError` when no answer came, `SignedOut` when the
/// person must sign in again). No error's description carries a password or a token.
///
/// A value type holding no mutable state of its own (the tokens live in the `TokenVault` actor):
/// share one between tasks and actors freely. Its callbacks run on the `TokenVault` actor, never
/// on the main actor: hop to it inside them (`Task { @MainActor in … }`) to touch UI.
public struct Staffbook: Sendable {
    /// Every operation of the contract.
    public let api: StaffbookAPIClient
    /// The token pair in use; the app may store and restore it.
    public let tokens: TokenVault
    /// The language asked for problem texts and error descriptions (`cs`, `en`), if any.
    public let language: String?

    /// Up to this many bytes of a streamed request body are kept to send it again.
    static let maxReplayBytes = 32 << 20

    /// - Parameters:
    ///   - serverURL: The server with its base path, e.g. `https://staffbook.example.cz`.
    ///   - language: `Accept-Language` for problem texts and field messages (`cs` or `en`).
    ///   - transport: URLSession (`URLSessionTransport`) by default; any `ClientTransport`.
    ///   - retry: How idempotent requests are retried on 503 and 429.
    ///   - tokens: A pair saved from an earlier run, if any: restore it here at launch and the
    ///     first request uses it (and renews it when it has expired).
    ///   - middlewares: The app's own, run closest to the transport, after Staffbook's (they see
    ///     the request with its `Authorization` header, so never log that header).
    ///   - onTokensChange: Called with every new pair (and nil on sign-out), to save it; on the
    ///     `TokenVault` actor, not the main actor.
    ///   - onSignedOut: Called when the refresh token is refused and the person must sign in;
    ///     on the `TokenVault` actor, like `onTokensChange`.
    public init(
        serverURL: URL,
        language: String? = nil,
        transport: any ClientTransport = URLSessionTransport(),
        retry: RetryPolicy = RetryPolicy(),
        tokens: TokenPair? = nil,
        middlewares: [any ClientMiddleware] = [],
        onTokensChange: (@Sendable (TokenPair?) -> Void)? = nil,
        onSignedOut: (@Sendable () -> Void)? = nil
    ) {
        let configuration = Configuration(jsonEncodingOptions: [.sortedKeys])
        let problems = ProblemMiddleware(language: language)
        let retries = RetryMiddleware(policy: retry, maxReplayBytes: Self.maxReplayBytes)
        // The refresh goes out without the auth middleware: it must never wait for itself.
        let anonymous = Client(
            serverURL: serverURL, configuration: configuration, transport: transport, middlewares: [problems, retries] + middlewares)
        let vault = TokenVault(
            tokens: tokens,
            language: language,
            refresh: { refreshToken in try await Self.refresh(refreshToken, with: anonymous) },
            onChange: onTokensChange,
            onSignedOut: onSignedOut
        )
        self.tokens = vault
        self.language = language
        api = StaffbookAPIClient(
            language: language,
            client: Client(
                serverURL: serverURL,
                configuration: configuration,
                transport: transport,
                middlewares: [problems, retries, AuthMiddleware(vault: vault, maxReplayBytes: Self.maxReplayBytes)] + middlewares
            ))
    }

    /// Signs in with a work e-mail and password and keeps the token pair.
    @discardableResult
    /// Signs in with a password. An account with a second factor (or an admin who must enrol
    /// one) throws `SecondStepRequired`: finish with `completeSignIn(challenge:code:)`.
    public func signIn(email: String, password: String, device: String? = nil) async throws -> Components.Schemas.User {
        let output = try await api.signInWithPassword(body: .json(.init(email: email, password: password, client: device)))
        if case .accepted(let accepted) = output {
            let step = try accepted.body.json
            throw SecondStepRequired(challenge: step.challenge, purpose: step.purpose, expiresAt: step.expiresAt)
        }
        let response = try output.ok.body.json
        await tokens.store(TokenPair(accessToken: response.accessToken, refreshToken: response.refreshToken))
        return response.user
    }

    /// Completes a password sign-in with a code from the second factor or a recovery code; for an
    /// enrolment, the first code of the new factor (its recovery codes are in `recoveryCodes`).
    public func completeSignIn(challenge: String, code: String) async throws -> (user: Components.Schemas.User, recoveryCodes: [String]?) {
        let response = try await api.completeSignIn(body: .json(.init(challenge: challenge, code: code))).ok.body.json
        await tokens.store(TokenPair(accessToken: response.accessToken, refreshToken: response.refreshToken))
        return (response.user, response.recoveryCodes)
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
            let response = try await StaffbookAPIClient(language: nil, client: client).refreshTokens(body: .json(.init(refreshToken: refreshToken)))
                .ok.body
                .json
            return TokenPair(accessToken: response.accessToken, refreshToken: response.refreshToken)
        } catch {
            if StaffbookProblem(error)?.status == 401 { throw SignedOut() }
            throw error
        }
    }
}
