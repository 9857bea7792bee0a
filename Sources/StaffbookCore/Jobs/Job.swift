import Foundation

/// What a job does.
package enum JobKind: String, Sendable, CaseIterable, Codable {
    /// On the 1st: the previous month's statements of employees.
    case statements
    /// Every day: reminders for missing invoices on the reminder days, and the admins' digest.
    case reminders
    /// One notification, by e-mail or chat.
    case deliverNotification = "deliver_notification"
    /// A password reset someone asked for: a link mailed if the address has an account. Queued
    /// for every request alike, so the answer takes as long whether or not the account exists.
    case passwordReset = "password_reset"
    /// Every night: forgets idempotency keys whose lifetime has ended.
    case housekeeping
    /// A person's invoices' checks, from a month on, after what they compare changed (queued by
    /// the database in the transaction of the change).
    case invoiceChecks = "invoice_checks"
    /// One notification to every browser its person subscribed to Web Push (once per notification).
    case deliverPush = "deliver_push"
    /// One notification to one phone through Apple's push service (once per notification and phone).
    case deliverAPNs = "deliver_apns"
    /// Every night: personal data past its retention is erased (`RetentionPolicy`).
    case retention
    /// A person's export too large for one answer, made and its link mailed to whoever asked.
    case personalExport = "personal_export"

    /// The kinds an admin may run by hand (`POST /v1/jobs/{kind}/run`).
    package static let runnableByAdmins: [JobKind] = [.statements, .reminders]

    /// Which of the worker's lanes runs it: what waits on someone else's server (a push service
    /// any person's subscription names) and the month-end's long runs each have a lane of their
    /// own, so that neither makes a password reset or an invoice's checks wait behind it.
    package var lane: JobLane {
        switch self {
        case .deliverPush, .deliverAPNs: .outbound
        case .statements, .reminders, .housekeeping, .retention, .personalExport: .batch
        case .deliverNotification, .passwordReset, .invoiceChecks: .main
        }
    }

    /// The longest one run of it may take: past it the run is given up (and retried), so that
    /// no kind holds its lane beyond what its work needs.
    package var budget: Duration {
        switch self {
        case .deliverPush, .deliverAPNs: .seconds(20)
        case .passwordReset: .seconds(30)
        case .deliverNotification: .seconds(60)
        case .invoiceChecks: .seconds(300)
        case .statements, .reminders, .housekeeping, .retention, .personalExport: .seconds(900)
        }
    }
}

/// A lane of the worker: its claims take only its kinds.
package enum JobLane: String, Sendable, CaseIterable {
    /// What people wait for: mail, password resets, an invoice's checks.
    case main
    /// The month-end's and the night's long runs, and exports made by a job.
    case batch
    /// Pushes to other people's servers.
    case outbound

    package var kinds: [JobKind] { JobKind.allCases.filter { $0.lane == self } }
}

package enum JobState: String, Sendable, CaseIterable, Codable {
    case pending, running, done, failed
}

/// A job as the queue keeps it.
package struct Job: Sendable, Equatable {
    package var id: UUID
    package var kind: JobKind
    /// Unique per kind: a schedule's occurrence (`2026-12-03`), a notification's id.
    package var key: String
    package var payload: [String: String]
    package var runAt: Date
    package var state: JobState
    package var attempts: Int
    package var maxAttempts: Int
    package var lastError: String?
    package var createdAt: Date
    package var startedAt: Date?
    package var finishedAt: Date?

    package init(
        id: UUID, kind: JobKind, key: String, payload: [String: String], runAt: Date, state: JobState, attempts: Int,
        maxAttempts: Int, lastError: String? = nil, createdAt: Date, startedAt: Date? = nil, finishedAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.key = key
        self.payload = payload
        self.runAt = runAt
        self.state = state
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.lastError = lastError
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }
}

/// A job to add: created once per kind and key (adding it again changes nothing).
package struct NewJob: Sendable, Equatable {
    package var kind: JobKind
    package var key: String
    package var payload: [String: String]
    package var runAt: Date

    package init(kind: JobKind, key: String, payload: [String: String] = [:], runAt: Date) {
        self.kind = kind
        self.key = key
        self.payload = payload
        self.runAt = runAt
    }
}

extension NewJob {
    /// An admin's run of a scheduled job now, for `day` (today): marked manual, and keyed apart
    /// from the schedule's own run and from every other press, so each press runs once.
    package static func runNow(_ kind: JobKind, on day: CalendarDay, at now: Date) -> NewJob {
        NewJob(kind: kind, key: "manual:\(day.iso):\(UUID().lowercasedString)", payload: ["day": day.iso, "manual": "true"], runAt: now)
    }
}
