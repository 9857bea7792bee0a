import HTTPTypes
import StaffbookCore

extension Problem {
    /// 401 for a request without a usable access token (RFC 6750 §3).
    static func unauthenticated(invalidToken: Bool) -> Problem {
        Problem(
            .unauthenticated,
            headers: [.wwwAuthenticate: invalidToken ? #"Bearer error="invalid_token""# : "Bearer"]
        )
    }

    static func signInFailed(_ detail: LocalizedText? = nil) -> Problem {
        Problem(.signInFailed, detail: detail)
    }

    static func tooManyAttempts(retryAfter seconds: Int) -> Problem {
        Problem(.tooManyAttempts, headers: [.retryAfter: String(seconds)])
    }

    init(auth error: AuthError) {
        switch error {
        case .unauthenticated(let invalidToken): self = .unauthenticated(invalidToken: invalidToken)
        case .personalTokenRefused:
            self = Problem(.unauthenticated, detail: AuthTexts.personalTokenRefused, headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#])
        case .signInFailed(.credentials): self = .signInFailed()
        case .signInFailed(.googleToken): self = .signInFailed(AuthTexts.googleTokenRefused)
        case .signInFailed(.noActiveGoogleAccount): self = .signInFailed(AuthTexts.noActiveGoogleAccount)
        case .signInFailed(.secondStep): self = .signInFailed(AuthTexts.secondStepRefused)
        case .tooManyAttempts(let seconds): self = .tooManyAttempts(retryAfter: seconds)
        case .rateLimited(let seconds): self = Problem(.rateLimited, headers: [.retryAfter: String(seconds)])
        case .insufficientScope(let needed):
            let names = needed.sorted().map(\.rawValue)
            self = Problem(
                .insufficientScope, detail: names.isEmpty ? AuthTexts.sessionOnly : AuthTexts.needsScope(names),
                headers: [
                    .wwwAuthenticate: names.isEmpty
                        ? #"Bearer error="insufficient_scope""# : #"Bearer error="insufficient_scope", scope="\#(names.joined(separator: " "))""#
                ]
            )
        case .identityProviderUnavailable:
            self = Problem(.serviceUnavailable, detail: AuthTexts.googleKeysUnavailable, headers: [.retryAfter: "30"])
        }
    }
}
