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
}
