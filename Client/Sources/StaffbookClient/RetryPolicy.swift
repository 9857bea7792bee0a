/// How often and how long an idempotent request (GET, HEAD, or a write carrying
/// `Idempotency-Key`) is tried again when the server answers 503 or 429.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; 1 turns retries off.
    public var maxAttempts: Int
    /// The wait when the answer has no `Retry-After`, doubled after each attempt.
    public var baseDelay: Duration
    /// The longest wait between attempts, whatever `Retry-After` asks for.
    public var maxDelay: Duration

    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(10)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait before attempt `attempt + 1`, given the server's `Retry-After` in seconds.
    func delay(afterAttempt attempt: Int, retryAfter: Int?) -> Duration {
        let wanted = retryAfter.map { Duration.seconds(max(0, $0)) } ?? baseDelay * (1 << min(attempt - 1, 16))
        return min(wanted, maxDelay)
    }
}
