import Foundation

/// What finishing a job changes besides the job itself: written in the same transaction as its
/// completion, so a job whose lease was lost to another worker changes nothing.
package enum JobEffect: Sendable, Equatable {
    /// A notification for a person (or the company's chat), with its delivery job.
    case notify(NewNotification)
    /// An invoice reminder went to a person for a month on a day (sent once a day at most).
    case reminded(personId: UUID, period: CalendarMonth, on: CalendarDay, notification: NewNotification)
    /// A notification was delivered on a channel.
    case delivered(notificationId: UUID, channel: NotificationChannel, at: Date)
    /// A notification was not delivered and will not be: turned off, or no longer true.
    case skipped(notificationId: UUID, reason: String)
    /// A delivery attempt failed (recorded before the job is retried or given up).
    case deliveryFailed(notificationId: UUID, channel: NotificationChannel, at: Date, error: String)
    /// A password-reset link for the active account with this e-mail, if there is one.
    case passwordReset(email: String, grant: AccountLinkGrant)
    /// The notification goes to the person's subscribed browsers and registered phones too (jobs,
    /// once, if they have any).
    case push(notificationId: UUID, accountId: UUID)
}

/// The job queue, shared by every instance.
package protocol JobQueue: Sendable {
    /// Adds jobs, each unless its kind and key exist already; returns how many were new.
    @discardableResult
    func enqueue(_ jobs: [NewJob], now: Date) async throws -> Int
    /// Adds one job and returns it as stored (the existing one when its kind and key exist).
    func enqueue(_ job: NewJob, now: Date) async throws -> Job?
    /// Takes the next due job of the lane's kinds (pending, or running with an expired lease) for
    /// `worker` until `leaseUntil`, or nil when none is due.
    func claim(now: Date, worker: String, leaseUntil: Date, lane: JobLane) async throws -> Job?
    /// Takes the pending jobs of `job`'s kind whose payload has `job`'s value of `field` off the
    /// queue (done: this run covers them) and gives `job` the payload `merge` makes of its own and
    /// theirs, in one transaction, so that a retry of `job` still covers them. The job as it now
    /// is; nil when this worker no longer holds it.
    func absorb(
        into job: Job, worker: String, sameValueOf field: String, now: Date,
        merge: @escaping @Sendable ([String: String], [[String: String]]) -> [String: String]
    ) async throws -> Job?
    /// Extends the lease of a job this worker holds; false when it no longer holds it.
    func extendLease(_ job: Job, worker: String, until: Date) async throws -> Bool
    /// Marks the job done with its effects, in one transaction; false (and nothing written) when
    /// the worker no longer holds it.
    func complete(_ job: Job, worker: String, effects: [JobEffect], now: Date) async throws -> Bool
    /// Records a failed attempt with its effects: pending again from `retryAt`, or failed for
    /// good when `retryAt` is nil. `maxAttempts` is the limit the worker applied.
    func fail(
        _ job: Job, worker: String, error: String, retryAt: Date?, maxAttempts: Int, effects: [JobEffect], now: Date
    ) async throws
    /// Jobs newest first, by kind and state (fetches `page.fetchLimit`).
    func list(kind: JobKind?, state: JobState?, page: PageRequest<CreatedPosition>) async throws -> [Job]
    /// How many jobs are due or running.
    func depth(now: Date) async throws -> Int
    /// An element each time a job is added on any instance, until the iteration is cancelled;
    /// it keeps listening across outages of the store.
    func additions() -> AsyncStream<Void>
}

/// When a failed job is tried again: exponential backoff with jitter, up to a cap.
package struct RetryPolicy: Sendable, Equatable {
    /// How many attempts a job gets unless it says otherwise.
    package static let defaultMaxAttempts = 10

    package var base: TimeInterval
    package var cap: TimeInterval
    package var maxAttempts: Int

    package init(base: TimeInterval = 10, cap: TimeInterval = 600, maxAttempts: Int = RetryPolicy.defaultMaxAttempts) {
        self.base = base
        self.cap = cap
        self.maxAttempts = maxAttempts
    }

    /// The next attempt's time after `attempts` attempts, or nil when none are left. `jitter` in
    /// 0...1 spreads the retries of jobs that failed together (half to all of the delay).
    package func retryAt(after attempts: Int, maxAttempts: Int, now: Date, jitter: Double) -> Date? {
        guard attempts < maxAttempts else { return nil }
        let exponential = base * pow(2, Double(max(attempts - 1, 0)))
        let delay = min(exponential, cap) * (0.5 + 0.5 * min(max(jitter, 0), 1))
        return now.addingTimeInterval(delay)
    }
}
