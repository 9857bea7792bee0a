import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresRatesRepository: RatesRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func currentAndUpcoming(personId: UUID, today: CalendarDay) async throws -> (current: RateEntry?, upcoming: RateEntry?) {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.currentAndUpcoming(personId: personId, today: today, on: connection, logger: logger)
        }
    }

    package static func currentAndUpcoming(
        personId: UUID, today: CalendarDay, on connection: PostgresConnection, logger: Logger
    ) async throws -> (current: RateEntry?, upcoming: RateEntry?) {
        let rows = try await connection.execute(CurrentRateStatement(personId: personId, day: today), logger: logger)
        var current: RateEntry?
        var upcoming: RateEntry?
        for try await (id, amount, from, isUpcoming) in rows {
            let entry = RateEntry(
                id: id, amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                effectiveFrom: try StoredValue.day(from, column: "hourly_rates.effective_from")
            )
            if isUpcoming { upcoming = entry } else { current = entry }
        }
        return (current, upcoming)
    }

    package func history(personId: UUID, page: PageRequest<DayPosition>) async throws -> [RateHistoryEntry] {
        let logger = self.logger
        let after = page.after?.effectiveFrom
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT id, amount::text, effective_from::text, set_at, previous::text FROM (
                    SELECT id, amount, effective_from, set_at,
                           lag(amount) OVER (ORDER BY effective_from) AS previous
                    FROM hourly_rates WHERE account_id = \(personId)
                ) r
                WHERE \(after)::date IS NULL OR effective_from < \(after)::date
                ORDER BY effective_from DESC
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            )
            var entries: [RateHistoryEntry] = []
            for try await (id, amount, from, setAt, previous) in rows.decode((UUID, String, String, Date, String?).self) {
                entries.append(
                    RateHistoryEntry(
                        id: id, amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                        effectiveFrom: try StoredValue.day(from, column: "hourly_rates.effective_from"), setAt: setAt,
                        previousAmount: try StoredValue.optionalDecimal(previous, column: "previous")
                    ))
            }
            return entries
        }
    }

    package func add(personId: UUID, rate: NewRateEntry, by: UUID, now: Date) async throws -> RateHistoryEntry? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let exists = try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR UPDATE", logger: logger)
            guard try await exists.collect().count == 1 else { return nil }
            let id = try await Self.insert(rate, personId: personId, by: by, now: now, on: connection, logger: logger)
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            try await NotificationOutbox.add(
                NewNotification(
                    accountId: personId, kind: .rateAnnounced,
                    payload: NotificationPayload(amount: Money.format(rate.amount), effectiveFrom: rate.effectiveFrom.iso)
                ),
                now: now, on: connection, logger: logger
            )
            let previous = try await connection.query(
                """
                SELECT amount::text FROM hourly_rates
                WHERE account_id = \(personId) AND effective_from < \(rate.effectiveFrom.iso)::date
                ORDER BY effective_from DESC LIMIT 1
                """,
                logger: logger
            ).collect().first?.decode(String.self)
            return RateHistoryEntry(
                id: id, amount: rate.amount, effectiveFrom: rate.effectiveFrom, setAt: now,
                previousAmount: try StoredValue.optionalDecimal(previous, column: "previous")
            )
        }
    }

    @discardableResult
    package static func insert(
        _ rate: NewRateEntry, personId: UUID, by: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> UUID {
        let amount = "\(rate.amount)"
        do {
            let rows = try await connection.query(
                """
                INSERT INTO hourly_rates (account_id, amount, effective_from, set_by, set_at)
                VALUES (\(personId), \(amount)::numeric, \(rate.effectiveFrom.iso)::date, \(by), \(now))
                RETURNING id
                """,
                logger: logger
            )
            let id = try StoredValue.single(try await rows.collect(), column: "hourly_rates.id").decode(UUID.self)
            try await AuditLog.record(
                on: connection, subject: personId, entity: "hourly_rate", entityId: id, action: "add", by: by, at: now,
                changes: [
                    "amount": .init(from: nil, to: Money.format(rate.amount)),
                    "effectiveFrom": .init(from: nil, to: rate.effectiveFrom.iso),
                ],
                logger: logger
            )
            return id
        } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "hourly_rates_one_per_date" {
            throw RatesError.dateTaken(rate.effectiveFrom)
        }
    }

    package func delete(personId: UUID, rateId: UUID, today: CalendarDay, by: UUID, now: Date) async throws -> RateDeletion {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT amount::text, effective_from::text FROM hourly_rates
                WHERE id = \(rateId) AND account_id = \(personId) FOR UPDATE
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return .notFound }
            let (amount, from) = try row.decode((String, String).self)
            guard let effectiveFrom = CalendarDay(from), effectiveFrom > today else { return .inEffect }
            try await connection.query("DELETE FROM hourly_rates WHERE id = \(rateId)", logger: logger)
            try await AuditLog.record(
                on: connection, subject: personId, entity: "hourly_rate", entityId: rateId, action: "delete", by: by, at: now,
                changes: ["amount": .init(from: amount, to: nil), "effectiveFrom": .init(from: from, to: nil)],
                logger: logger
            )
            try await AuditLog.touch(personId, on: connection, at: now, logger: logger)
            return .deleted
        }
    }

    package func increases(from: CalendarDay, to: CalendarDay, page: PageRequest<NamePosition>) async throws -> [PersonIncreases] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                WITH steps AS (
                    SELECT account_id, effective_from, amount,
                           lag(amount) OVER (PARTITION BY account_id ORDER BY effective_from) AS previous
                    FROM hourly_rates
                ), increased AS (
                    SELECT * FROM steps
                    WHERE previous IS NOT NULL AND effective_from BETWEEN \(from.iso)::date AND \(to.iso)::date
                ), people AS (
                    SELECT a.id, a.first_name, a.last_name FROM accounts a
                    WHERE EXISTS (SELECT 1 FROM increased i WHERE i.account_id = a.id)
                      AND (\(after?.id)::uuid IS NULL
                           OR (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id)
                              > (\(after?.lastName)::text COLLATE czech, \(after?.firstName)::text COLLATE czech, \(after?.id)::uuid))
                    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                    LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                )
                SELECT p.id, p.first_name, p.last_name, i.effective_from::text, i.amount::text, i.previous::text
                FROM people p JOIN increased i ON i.account_id = p.id
                ORDER BY p.last_name COLLATE czech, p.first_name COLLATE czech, p.id, i.effective_from
                """,
                logger: logger
            )
            var people: [PersonIncreases] = []
            for try await (id, first, last, day, amount, previous) in rows.decode((UUID, String, String, String, String, String).self) {
                let entry = PersonIncreases.Entry(
                    effectiveFrom: try StoredValue.day(day, column: "hourly_rates.effective_from"),
                    amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                    previousAmount: try StoredValue.decimal(previous, column: "previous")
                )
                if people.last?.id == id {
                    people[people.count - 1].increases.append(entry)
                } else {
                    people.append(PersonIncreases(id: id, firstName: first, lastName: last, increases: [entry]))
                }
            }
            return people
        }
    }

    package func increases(from: CalendarDay, to: CalendarDay) async throws -> [RateIncrease] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT amount::text, previous::text FROM (
                    SELECT effective_from, amount,
                           lag(amount) OVER (PARTITION BY account_id ORDER BY effective_from) AS previous
                    FROM hourly_rates
                ) steps
                WHERE previous IS NOT NULL AND effective_from BETWEEN \(from.iso)::date AND \(to.iso)::date
                """,
                logger: logger
            )
            var increases: [RateIncrease] = []
            for try await (amount, previous) in rows.decode((String, String).self) {
                increases.append(
                    RateIncrease(
                        amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                        previous: try StoredValue.decimal(previous, column: "previous")
                    ))
            }
            return increases
        }
    }
}
