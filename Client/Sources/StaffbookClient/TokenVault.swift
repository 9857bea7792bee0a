/// Holds the current token pair and renews it at most once at a time: every request that got a
/// 401 with the same stale access token waits for one refresh and retries with its result.
/// `onChange` and `onSignedOut` are called on this actor: keep them short, and hop to the main
/// actor inside them for UI.
public actor TokenVault {
    /// Exchanges a refresh token for a new pair; throws `SignedOut` when the server refuses it.
    typealias Refresh = @Sendable (_ refreshToken: String) async throws -> TokenPair

    private var tokens: TokenPair?
    private var refreshing: Task<TokenPair, any Error>?
    private let refresh: Refresh
    private let onSignedOut: (@Sendable () -> Void)?
    private let onChange: (@Sendable (TokenPair?) -> Void)?
    private let language: String?

    init(
        tokens: TokenPair?, language: String?, refresh: @escaping Refresh,
        onChange: (@Sendable (TokenPair?) -> Void)?, onSignedOut: (@Sendable () -> Void)?
    ) {
        self.tokens = tokens
        self.language = language
        self.refresh = refresh
        self.onChange = onChange
        self.onSignedOut = onSignedOut
    }

    /// The pair in use, or nil when signed out.
    public var current: TokenPair? { tokens }

    /// Replaces the pair (after signing in, or restoring one saved by the app); nil signs out.
    public func store(_ pair: TokenPair?) {
        tokens = pair
        onChange?(pair)
    }

    /// An access token newer than `stale`: the one already renewed by a concurrent request, the
    /// one a refresh in flight is about to give, or the result of a new refresh.
    func accessToken(replacing stale: String) async throws -> String {
        if let tokens, tokens.accessToken != stale { return tokens.accessToken }
        if let refreshing { return try await refreshing.value.accessToken }
        guard let refreshToken = tokens?.refreshToken else { throw SignedOut(language: language) }
        // A personal token has nothing to renew it with: refused is refused for good.
        guard !refreshToken.isEmpty else {
            store(nil)
            onSignedOut?()
            throw SignedOut(language: language)
        }
        let task = Task { [refresh] in try await refresh(refreshToken) }
        refreshing = task
        defer { refreshing = nil }
        do {
            let pair = try await task.value
            store(pair)
            return pair.accessToken
        } catch is SignedOut {
            store(nil)
            onSignedOut?()
            throw SignedOut(language: language)
        }
    }
}
