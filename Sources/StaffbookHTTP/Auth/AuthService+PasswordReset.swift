import Foundation
import StaffbookCore
import StaffbookJobs

extension AuthService {
    /// Queues a password-reset link for `email`, as `POST /v1/auth/password-reset` and the desk's
    /// "Me" page ask for one. Every request counts and is queued alike, whether or not the
    /// address has an account: the answer, its timing and the count say nothing about which
    /// addresses exist. The job looks the address up and mails the link.
    package func queuePasswordReset(email: String, address: String, jobs: any JobQueue) async throws {
        let keys = [
            ThrottleKey(kind: .resetAccount, value: email, limit: config.maxResetsPerAccount),
            ThrottleKey(kind: .resetAddress, value: address, limit: config.maxResetsPerAddress),
        ]
        let now = clock.now()
        if let wait = try await throttle.retryAfter(keys, now: now) {
            throw AuthError.tooManyAttempts(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
        try await throttle.recordFailure(keys, now: now)
        try await jobs.enqueue([NewJob(kind: .passwordReset, key: UUID().lowercasedString, payload: ["email": email], runAt: now)], now: now)
    }
}
