import Foundation

/// A request sent with an `Idempotency-Key`: whose, for what, and what it asked.
package struct IdempotentRequest: Sendable, Equatable {
    package var accountId: UUID
    /// What the key is scoped to: an operation and, where it names one, its resource
    /// (`upload:2026-11`, `bulk-actions`).
    package var scope: String
    package var key: String
    /// A digest of what the request asked for: the same key sent with another request is refused.
    package var fingerprint: String
    /// How long the key and its answer are remembered; after that the key starts afresh.
    package var lifetime: TimeInterval

    package init(accountId: UUID, scope: String, key: String, fingerprint: String, lifetime: TimeInterval = 86400) {
        self.accountId = accountId
        self.scope = scope
        self.key = key
        self.fingerprint = fingerprint
        self.lifetime = lifetime
    }
}

/// What was answered the first time: how it ended and, where the answer is not rebuilt from
/// current data, its body.
package struct IdempotentAnswer: Sendable, Equatable {
    package var outcome: String
    package var body: Data?

    package init(outcome: String, body: Data? = nil) {
        self.outcome = outcome
        self.body = body
    }
}

/// What claiming a key found.
package enum IdempotencyClaim: Sendable, Equatable {
    /// First time (or an earlier attempt died without an answer): do the work.
    case fresh
    /// Done before with the same request: answer this again.
    case replay(IdempotentAnswer)
}

package enum IdempotencyError: Error, Equatable {
    /// A request with this key has not finished yet.
    case inProgress
    /// The key was used for a different request.
    case keyReused
}

/// Remembers answers to requests sent with an `Idempotency-Key`, shared by every instance.
package protocol IdempotencyStore: Sendable {
    /// Claims the key for this request; throws `IdempotencyError` when another request holds it
    /// or it was used for a different one.
    func claim(_ request: IdempotentRequest, now: Date) async throws -> IdempotencyClaim
    /// Stores the answer of a claimed request.
    func complete(_ request: IdempotentRequest, answer: IdempotentAnswer) async throws
    /// The work failed: a retry with the same key may try again.
    func release(_ request: IdempotentRequest) async throws
    /// Forgets keys whose lifetime has ended; how many.
    func prune(now: Date) async throws -> Int
}
