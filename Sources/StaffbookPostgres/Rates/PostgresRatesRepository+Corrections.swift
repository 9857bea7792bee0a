import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Corrections of rates: one locked and superseded by another, or withdrawn before it starts.
extension PostgresRatesRepository {
    enum LockedRate {
        case missing
        case superseded(by: UUID)
        case current(NewRateEntry)
    }

    /// The person's rate, locked for the rest of the transaction.
    static func lockRate(_ rateId: UUID, of personId: UUID, on connection: PostgresConnection, logger: Logger) async throws -> LockedRate {
        let rows = try await connection.query(
            """
            SELECT amount::text, effective_from::text, superseded_by FROM hourly_rates
            WHERE id = \(rateId) AND account_id = \(personId) FOR UPDATE
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return .missing }
        let (amount, from, supersededBy) = try row.decode((String, String, UUID?).self)
        if let supersededBy { return .superseded(by: supersededBy) }
        return .current(
            NewRateEntry(
                amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                effectiveFrom: try StoredValue.day(from, column: "hourly_rates.effective_from")
            ))
    }

    package func correct(
        personId: UUID, rateId: UUID, correction: RateCorrection, by: UUID, now: Date
    ) async throws -> RateCorrectionOutcome {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let old: NewRateEntry
            switch try await Self.lockRate(rateId, of: personId, on: connection, logger: logger) {
            case .missing: return .notFound
            case .superseded(let by): return .superseded(by: by)
            case .current(let rate): old = rate
            }
            let new = NewRateEntry(
                amount: correction.amount ?? old.amount, effectiveFrom: correction.effectiveFrom ?? old.effectiveFrom,
                reason: correction.reason
            )
            guard new.amount != old.amount || new.effectiveFrom != old.effectiveFrom else { return .unchanged }
            // Marked first (its reference is checked at commit), so the correction may keep the date.
            let id = UUID()
            try await connection.query(
                "UPDATE hourly_rates SET superseded_by = \(id), superseded_at = \(now) WHERE id = \(rateId)", logger: logger
            )
            try await Self.insert(new, personId: personId, by: by, now: now, corrects: rateId, id: id, on: connection, logger: logger)
            try await AuditLog.record(
                on: connection, subject: personId, entity: "hourly_rate", entityId: rateId, action: "supersede", by: by, at: now,
                changes: [
                    "amount": .init(from: Money.format(old.amount), to: Money.format(new.amount)),
                    "effectiveFrom": .init(from: old.effectiveFrom.iso, to: new.effectiveFrom.iso),
                    "reason": .init(from: nil, to: correction.reason), "supersededBy": .init(from: nil, to: id.lowercasedString),
                ],
                logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            try await NotificationOutbox.add(
                NewNotification(
                    accountId: personId, kind: .rateAnnounced,
                    payload: NotificationPayload(
                        amount: Money.format(new.amount), reason: correction.reason, effectiveFrom: new.effectiveFrom.iso
                    )
                ),
                now: now, on: connection, logger: logger
            )
            // Pay changed from the earlier of the two dates up to the next rate after the later one.
            let later = max(old.effectiveFrom, new.effectiveFrom)
            let next =
                try await connection.query(
                    """
                    SELECT min(effective_from)::text FROM hourly_rates
                    WHERE account_id = \(personId) AND superseded_by IS NULL AND effective_from > \(later.iso)::date
                    """,
                    logger: logger
                ).collect().first?.decode(String?.self) ?? nil
            guard
                let entry = try await Self.history(personId: personId, after: nil, only: id, limit: 1, offset: 0, on: connection, logger: logger)
                    .first
            else { throw StoreError.malformedRow(column: "hourly_rates.id") }
            return .corrected(
                entry, from: min(old.effectiveFrom, new.effectiveFrom),
                until: try StoredValue.optionalDay(next, column: "hourly_rates.effective_from")
            )
        }
    }

    package func delete(personId: UUID, rateId: UUID, today: CalendarDay, by: UUID, now: Date) async throws -> RateDeletion {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rate: NewRateEntry
            switch try await Self.lockRate(rateId, of: personId, on: connection, logger: logger) {
            case .missing: return .notFound
            case .superseded(let by): return .superseded(by: by)
            case .current(let current): rate = current
            }
            guard rate.effectiveFrom > today else { return .inEffect }
            // With the rows it corrected: they never counted, and cannot stay pointing at nothing.
            try await connection.query(
                """
                WITH RECURSIVE chain (id) AS (
                    SELECT \(rateId)::uuid
                    UNION ALL
                    SELECT h.id FROM hourly_rates h JOIN chain ON h.superseded_by = chain.id
                )
                DELETE FROM hourly_rates WHERE id IN (SELECT id FROM chain)
                """,
                logger: logger
            )
            try await AuditLog.record(
                on: connection, subject: personId, entity: "hourly_rate", entityId: rateId, action: "delete", by: by, at: now,
                changes: ["amount": .init(from: Money.format(rate.amount), to: nil), "effectiveFrom": .init(from: rate.effectiveFrom.iso, to: nil)],
                logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return .deleted
        }
    }
}
