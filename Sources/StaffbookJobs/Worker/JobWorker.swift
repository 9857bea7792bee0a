import Foundation
import Logging
import Metrics
import ServiceLifecycle
import StaffbookCore

/// Works the job queue on this instance: puts the schedules' due occurrences into the queue,
/// then runs due jobs until none is left, in lanes that never wait for each other (the main
/// kinds, `JOBS_CONCURRENCY` at a time; the month-end's long runs; pushes to other people's
/// servers; webhook attempts),
/// each run within its kind's budget. It wakes when PostgreSQL notifies `staffbook_jobs` (a job
/// was added anywhere) and every poll interval; on SIGTERM it finishes the jobs in hand and
/// stops. Every instance runs one; the queue hands each job to one of them.
package final class JobWorker: Service, Sendable {
    let queue: any JobQueue
    let monthEnd: MonthEndService
    let deliverer: NotificationDeliverer
    let links: AccountLinks
    let idempotency: any IdempotencyStore
    let checks: InvoiceChecksService
    let webhooks: WebhookDispatcher
    let changes: any ChangeFeedRepository
    /// Nil when Web Push is not configured.
    let push: PushDeliverer?
    /// Nil when Apple's push service is not configured.
    let apns: APNsDeliverer?
    /// Nil where a test runs the worker without it.
    let retention: RetentionService?
    /// Nil where a test runs the worker without it.
    let personalExports: PersonalExportMaker?
    let schedules: [Schedule]
    let config: MonthEndConfig
    let clock: any AppClock
    let logger: Logger
    /// Names this instance's claims, so a completion by a worker that lost its lease is refused.
    let workerId: String

    private static let depth = Gauge(label: "staffbook_jobs_queue_depth")

    package init(
        queue: any JobQueue, monthEnd: MonthEndService, deliverer: NotificationDeliverer, links: AccountLinks, idempotency: any IdempotencyStore,
        checks: InvoiceChecksService, webhooks: WebhookDispatcher, changes: any ChangeFeedRepository, push: PushDeliverer?,
        apns: APNsDeliverer? = nil, retention: RetentionService? = nil,
        personalExports: PersonalExportMaker? = nil, schedules: [Schedule],
        config: MonthEndConfig, clock: any AppClock, logger: Logger
    ) {
        self.queue = queue
        self.monthEnd = monthEnd
        self.deliverer = deliverer
        self.links = links
        self.idempotency = idempotency
        self.checks = checks
        self.webhooks = webhooks
        self.changes = changes
        self.push = push
        self.apns = apns
        self.retention = retention
        self.personalExports = personalExports
        self.schedules = schedules
        self.config = config
        self.clock = clock
        self.logger = logger
        workerId = "\(ProcessInfo.processInfo.hostName)/\(ProcessInfo.processInfo.processIdentifier)/\(UUID().lowercasedString.prefix(8))"
    }

    package func run() async throws {
        // Each loop waits on its own wake-ups, so that none waits for another's work: the main
        // lanes, the outbound lane (pushes to other people's servers) and webhook deliveries.
        let loops = Loop.allCases
        let streams = loops.map { _ in AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1)) }
        let wakeAll: @Sendable () -> Void = { for (_, wake) in streams { wake.yield() } }
        let pollInterval = config.pollInterval
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { for await _ in self.queue.additions() { wakeAll() } }
                group.addTask {
                    while !Task.isCancelled {
                        wakeAll()
                        try? await Task.sleep(for: pollInterval)
                    }
                }
                // The loops end when shutdown finishes their wake-ups; then the listening ends.
                await withDiscardingTaskGroup { lanes in
                    for (loop, (wakeups, _)) in zip(loops, streams) {
                        lanes.addTask { for await _ in wakeups { await self.work(loop) } }
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            for (_, wake) in streams { wake.finish() }
        }
    }

    /// What the worker's loops do when woken.
    enum Loop: CaseIterable {
        /// The main lanes until nothing is due.
        case main
        /// The schedules, then the month-end's and the night's runs, one lane.
        case batch
        /// Pushes, one lane.
        case outbound
        /// Webhook attempts that are due.
        case webhooks
    }

    private func work(_ loop: Loop) async {
        do {
            switch loop {
            case .main:
                _ = try await runDue(.main)
                Self.depth.record(try await queue.depth(now: clock.now()))
            case .batch:
                try await schedule()
                _ = try await runLane(.batch)
            case .outbound:
                _ = try await runLane(.outbound)
            case .webhooks:
                _ = try await webhooks.deliverDue()
            }
        } catch {
            logger.error("job worker loop failed", metadata: LoggedFailure.metadata(error))
        }
    }

    /// Schedules what is due, runs every due job of every lane and makes every due webhook
    /// attempt, one after the other; returns how many jobs ran. Tests call it with their clock
    /// where they want the month to be.
    @discardableResult
    package func tick() async -> Int {
        do {
            try await schedule()
            let ran = try await runLane(.batch) + runDue(.main) + runLane(.outbound)
            try await webhooks.deliverDue()
            Self.depth.record(try await queue.depth(now: clock.now()))
            return ran
        } catch {
            logger.error("job worker tick failed", metadata: LoggedFailure.metadata(error))
            return 0
        }
    }

    /// Puts every occurrence of the schedules from the catch-up window until now into the queue
    /// (once each: their keys are unique).
    func schedule() async throws {
        let now = clock.now()
        let due = schedules.flatMap { $0.occurrences(from: now.addingTimeInterval(-config.catchUp), to: now) }
        try await queue.enqueue(due, now: now)
    }

    /// Claims and runs the lane's due jobs until none is left, `concurrency` at a time: each
    /// claims its next job when its last one ends (claims skip what another one or instance holds).
    func runDue(_ lane: JobLane) async throws -> Int {
        guard config.concurrency > 1 else { return try await runLane(lane) }
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<config.concurrency { group.addTask { try await self.runLane(lane) } }
            return try await group.reduce(0, +)
        }
    }

    private func runLane(_ lane: JobLane) async throws -> Int {
        var ran = 0
        while !Task.isShuttingDownGracefully {
            let now = clock.now()
            guard
                let job = try await queue.claim(now: now, worker: workerId, leaseUntil: now.addingTimeInterval(config.lease), lane: lane)
            else {
                return ran
            }
            await run(job)
            ran += 1
        }
        return ran
    }

    private func run(_ job: Job) async {
        let started = ContinuousClock.now
        let heartbeat = Task { [queue, workerId, clock, config] in
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(max(config.lease / 3, 1)))
                _ = try await queue.extendLease(job, worker: workerId, until: clock.now().addingTimeInterval(config.lease))
            }
        }
        defer { heartbeat.cancel() }
        let outcome: NotificationDeliverer.Outcome
        do {
            // Past its kind's budget a run is given up and tried again later: no kind holds the
            // lane beyond what its work needs.
            outcome = try await Deadline.run(within: job.kind.budget) { try await self.handle(job) }
        } catch let passed as Deadline.Passed {
            logger.warning("job ran past its budget", metadata: ["kind": .string(job.kind.rawValue), "budget": "\(passed.limit)"])
            outcome = .retry(error: passed.description, effects: [])
        } catch {
            outcome = .retry(error: Self.describe(error), effects: [])
        }
        let now = clock.now()
        let result: String
        do {
            switch outcome {
            case .done(let effects):
                result = try await queue.complete(job, worker: workerId, effects: effects, now: now) ? "done" : "lost"
            case .retry(let error, let effects):
                let limit = config.retry.maxAttempts
                let retryAt = config.retry.retryAt(after: job.attempts, maxAttempts: limit, now: now, jitter: Double.random(in: 0...1))
                try await queue.fail(job, worker: workerId, error: error, retryAt: retryAt, maxAttempts: limit, effects: effects, now: now)
                result = retryAt == nil ? "failed" : "retry"
            case .giveUp(let error, let effects):
                try await queue.fail(
                    job, worker: workerId, error: error, retryAt: nil, maxAttempts: config.retry.maxAttempts, effects: effects, now: now
                )
                result = "failed"
            }
        } catch {
            // The lease runs out and another attempt follows.
            logger.error("recording a job's end failed", metadata: LoggedFailure.metadata(error))
            result = "unrecorded"
        }
        let dimensions = [("kind", job.kind.rawValue), ("outcome", result)]
        Counter(label: "staffbook_jobs_runs_total", dimensions: dimensions).increment()
        if result == "failed" { Counter(label: "staffbook_jobs_failures_total", dimensions: [("kind", job.kind.rawValue)]).increment() }
        Metrics.Timer(label: "staffbook_jobs_duration_seconds", dimensions: [("kind", job.kind.rawValue)])
            .recordNanoseconds((ContinuousClock.now - started).nanoseconds)
        logger.info("job run", metadata: ["kind": .string(job.kind.rawValue), "key": .string(job.key), "outcome": .string(result)])
    }

    private func handle(_ job: Job) async throws -> NotificationDeliverer.Outcome {
        let day = job.payload["day"].flatMap { CalendarDay($0) } ?? CalendarDay(clock.now())
        switch job.kind {
        case .statements:
            return .done(try await monthEnd.statements(on: day))
        case .reminders:
            return .done(try await monthEnd.reminders(on: day, evenOffSchedule: job.payload["manual"] == "true"))
        case .deliverNotification:
            guard let id = job.payload["notification"].flatMap({ UUID(uuidString: $0) }) else {
                return .giveUp(error: "the job names no notification", effects: [])
            }
            return try await deliverer.deliver(notificationId: id)
        case .passwordReset:
            guard let email = job.payload["email"] else { return .giveUp(error: "the job names no address", effects: []) }
            return .done([.passwordReset(email: email, grant: links.grant(.passwordReset, now: clock.now()))])
        case .invoiceChecks:
            // The person's other pending checks run here, from the earliest month of them all.
            guard
                let job = try await queue.absorb(
                    into: job, worker: workerId, sameValueOf: InvoiceChecksJob.person, now: clock.now(), merge: InvoiceChecksJob.merged)
            else { return .done([]) }
            guard let person = job.payload["person"].flatMap({ UUID(uuidString: $0) }),
                let month = job.payload["month"].flatMap({ CalendarMonth($0) })
            else { return .giveUp(error: "the job names no person or month", effects: []) }
            try await checks.recompute(personId: person, from: month)
            return .done([])
        case .deliverPush:
            guard let id = job.payload["notification"].flatMap({ UUID(uuidString: $0) }) else {
                return .giveUp(error: "the job names no notification", effects: [])
            }
            try await push?.deliver(notificationId: id)
            return .done([])
        case .deliverAPNs:
            guard let id = job.payload["notification"].flatMap({ UUID(uuidString: $0) }),
                let device = job.payload["device"].flatMap({ UUID(uuidString: $0) })
            else { return .giveUp(error: "the job names no notification or device", effects: []) }
            return try await apns?.deliver(notificationId: id, deviceId: device) ?? .done([])
        case .personalExport:
            guard let id = job.payload["export"].flatMap({ UUID(uuidString: $0) }) else {
                return .giveUp(error: "the job names no export", effects: [])
            }
            return try await personalExports?.make(exportId: id) ?? .done([])
        case .retention:
            for entry in try await retention?.run(now: clock.now()) ?? [] {
                logger.info("retention", metadata: ["rule": .string(entry.rule.rawValue), "counts": "\(entry.counts.sorted { $0.key < $1.key })"])
            }
            return .done([])
        case .housekeeping:
            let pruned = try await idempotency.prune(now: clock.now())
            let forgotten = try await changes.prune(before: clock.now().addingTimeInterval(-ChangeRetention.kept))
            logger.info("housekeeping", metadata: ["idempotency_keys_pruned": "\(pruned)", "events_pruned": "\(forgotten)"])
            return .done([])
        }
    }

    /// A failure as a job's `last_error` (shown to admins): our own errors' messages, else the type.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreError: error.description
        default: String(describing: type(of: error))
        }
    }
}
