import Foundation

/// How long personal data is kept, by kind of record (the settings `RETENTION_*`). The defaults
/// follow Czech law: accounting and tax documents are kept 10 years after the year they belong
/// to (the VAT Act asks 10, the Accounting Act 5); what a person did and how to reach them is kept
/// 3 years after they left (the general limitation period of the Civil Code, within which claims
/// from the contract can still be raised); sign-in sessions and sent notifications half a year.
package struct RetentionPolicy: Sendable, Equatable {
    package var personYears: Int
    package var accountingYears: Int
    package var activityMonths: Int

    package init(personYears: Int = 3, accountingYears: Int = 10, activityMonths: Int = 6) {
        self.personYears = personYears
        self.accountingYears = accountingYears
        self.activityMonths = activityMonths
    }

    /// Whether a person who left at `leftAt` is due for erasure at `now` (never while employed).
    package func personDue(leftAt: Date?, now: Date) -> Bool {
        guard let leftAt else { return false }
        let left = CalendarDay(leftAt)
        // 29 February has no anniversary in most years: the 28th stands in.
        let due = CalendarDay(year: left.year + personYears, month: left.month, day: left.month == 2 && left.day == 29 ? 28 : left.day)
        return due <= CalendarDay(now)
    }

    /// The last month whose uploaded files may be deleted at `now`: December of the year whose
    /// keeping ended with the previous year.
    package func lastPurgeableMonth(now: Date) -> CalendarMonth {
        CalendarMonth(year: CalendarDay(now).year - accountingYears - 1, month: 12)
    }

    /// Sessions that ended and notifications sent before this go.
    package func activityCutoff(now: Date) -> Date {
        Calendar.prague.date(byAdding: .month, value: -activityMonths, to: now) ?? now
    }
}

/// Under which rule something was erased (the erasure log's `rule`).
package enum ErasureRule: String, Sendable, CaseIterable {
    /// The person left `personYears` ago.
    case personLeft = "person_left"
    /// The accounting period of a file's invoice ended `accountingYears` ago.
    case accountingPeriodEnded = "accounting_period_ended"
    /// Sessions and notifications older than `activityMonths`.
    case activityAged = "activity_aged"
    /// An admin erased a person who asked, before the policy's time.
    case onRequest = "on_request"
}

/// Why an admin erased a person early: a fixed list, so the log holds no free text about anyone.
package enum ErasureReason: String, Sendable, CaseIterable {
    /// The person asked for erasure (GDPR Art. 17).
    case personRequest = "person_request"
    /// The person withdrew a consent the data was kept under.
    case consentWithdrawn = "consent_withdrawn"
    /// The data is no longer needed for the purpose it was collected for.
    case noLongerNeeded = "no_longer_needed"
}

/// One line of the erasure log: what went, when, under which rule; the person only as the id of
/// their (by then anonymised) account, never a name or an address.
package struct ErasureLogEntry: Sendable, Equatable {
    package var at: Date
    package var rule: ErasureRule
    package var subjectId: UUID?
    package var reason: ErasureReason?
    /// What kind of record and how many (`sessions: 4`, `time_entry_texts: 120`).
    package var counts: [String: Int]

    package init(at: Date, rule: ErasureRule, subjectId: UUID?, reason: ErasureReason?, counts: [String: Int]) {
        self.at = at
        self.rule = rule
        self.subjectId = subjectId
        self.reason = reason
        self.counts = counts
    }
}

/// What an erasure did: erased, or recorded as asked for a second admin to agree.
package enum ErasureOutcome: Sendable, Equatable {
    case erased(ErasureLogEntry)
    case requested
}

/// A person as erasure sees them.
package struct ErasureSubject: Sendable, Equatable {
    package var id: UUID
    package var leftAt: Date?
    package var erasedAt: Date?

    package init(id: UUID, leftAt: Date?, erasedAt: Date?) {
        self.id = id
        self.leftAt = leftAt
        self.erasedAt = erasedAt
    }

    package enum Refusal: Error, Sendable, Equatable {
        /// Still employed: deactivate them first.
        case stillActive
    }

    /// Whether an admin may erase them now: only someone who left; erasing again changes nothing.
    package func mayBeErasedOnRequest() -> Result<Void, Refusal> {
        leftAt == nil ? .failure(.stillActive) : .success(())
    }
}

package protocol RetentionRepository: Sendable {
    /// People who left and are not erased yet.
    func leavers() async throws -> [ErasureSubject]
    func subject(id: UUID) async throws -> ErasureSubject?
    /// Anonymises the person's account and free texts and deletes their sign-in and contact
    /// records; accounting records and what others did about them stay. Writes the log line;
    /// returns it. An admin's erasure (`fourEyes` given) waits for a second admin while the rule
    /// applies.
    func erase(_ personId: UUID, rule: ErasureRule, reason: ErasureReason?, by actor: UUID?, fourEyes: FourEyesSettings?, now: Date)
        async throws -> ErasureOutcome
    /// Deletes the contents of uploaded files of invoices for periods up to `month`, what was read
    /// from them, and the invoices' bank accounts (the amounts, dates, numbers and the files'
    /// SHA-256 stay); logs how many.
    func purgeFiles(through month: CalendarMonth, now: Date) async throws -> ErasureLogEntry
    /// Deletes ended sessions and sent notifications older than `cutoff`; logs how many.
    func pruneActivity(before cutoff: Date, now: Date) async throws -> ErasureLogEntry
    /// The log, newest first.
    func log(limit: Int) async throws -> [ErasureLogEntry]
}

/// The nightly retention job: applies the policy; running it twice changes nothing.
package struct RetentionService: Sendable {
    let repository: any RetentionRepository
    let policy: RetentionPolicy

    package init(repository: any RetentionRepository, policy: RetentionPolicy) {
        self.repository = repository
        self.policy = policy
    }

    /// What it erased, as the log's lines (empty lines for rules that found nothing are not kept).
    package func run(now: Date) async throws -> [ErasureLogEntry] {
        var done: [ErasureLogEntry] = []
        for person in try await repository.leavers() where policy.personDue(leftAt: person.leftAt, now: now) {
            if case .erased(let entry) = try await repository.erase(person.id, rule: .personLeft, reason: nil, by: nil, fourEyes: nil, now: now) {
                done.append(entry)
            }
        }
        done.append(try await repository.purgeFiles(through: policy.lastPurgeableMonth(now: now), now: now))
        done.append(try await repository.pruneActivity(before: policy.activityCutoff(now: now), now: now))
        return done.filter { !$0.counts.values.allSatisfy { $0 == 0 } }
    }
}
