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
        let after = page.after.flatMap { CalendarDay($0.effectiveFrom) }
        return try await database.withConnection { connection in
            try await Self.history(
                personId: personId, after: after, only: nil, limit: page.fetchLimit, offset: page.offset, on: connection, logger: logger
            )
        }
    }

    /// Rates in effect, newest first, each with the amount before it, who set it, and the rates
    /// its corrections replaced.
    static func history(
        personId: UUID, after: CalendarDay?, only: UUID?, limit: Int, offset: Int, on connection: PostgresConnection, logger: Logger
    ) async throws -> [RateHistoryEntry] {
        let rows = try await connection.query(
            """
            SELECT r.id, r.amount::text, r.effective_from::text, r.set_at, r.previous::text, r.reason, s.id, s.first_name, s.last_name
            FROM (
                SELECT id, amount, effective_from, set_at, reason, set_by,
                       lag(amount) OVER (ORDER BY effective_from) AS previous
                FROM hourly_rates WHERE account_id = \(personId) AND superseded_by IS NULL
            ) r
            LEFT JOIN accounts s ON s.id = r.set_by
            WHERE (\(after?.iso)::date IS NULL OR r.effective_from < \(after?.iso)::date)
              AND (\(only)::uuid IS NULL OR r.id = \(only)::uuid)
            ORDER BY r.effective_from DESC
            LIMIT \(limit) OFFSET \(offset)
            """,
            logger: logger
        )
        var entries: [RateHistoryEntry] = []
        for try await row in rows {
            let (id, amount, from, setAt, previous, reason) = try row.decode((UUID, String, String, Date, String?, String?).self)
            entries.append(
                RateHistoryEntry(
                    id: id, amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                    effectiveFrom: try StoredValue.day(from, column: "hourly_rates.effective_from"), setAt: setAt,
                    previousAmount: try StoredValue.optionalDecimal(previous, column: "previous"), reason: reason,
                    setBy: try Self.person(row, from: 6)
                ))
        }
        guard !entries.isEmpty else { return entries }
        // The rows each correction replaced, following `superseded_by` back from the rates shown.
        let superseded = try await connection.query(
            """
            WITH RECURSIVE chain (id, head) AS (
                SELECT id, id FROM hourly_rates WHERE id = ANY(\(entries.map(\.id)))
                UNION ALL
                SELECT h.id, chain.head FROM hourly_rates h JOIN chain ON h.superseded_by = chain.id
            )
            SELECT chain.head, h.id, h.amount::text, h.effective_from::text, h.set_at, h.reason, h.superseded_at,
                   s.id, s.first_name, s.last_name
            FROM chain JOIN hourly_rates h ON h.id = chain.id LEFT JOIN accounts s ON s.id = h.set_by
            WHERE chain.id <> chain.head
            ORDER BY h.superseded_at DESC, h.set_at DESC
            """,
            logger: logger
        )
        var byHead: [UUID: [SupersededRate]] = [:]
        for try await row in superseded {
            let (head, id, amount, from, setAt, reason, supersededAt) = try row.decode(
                (UUID, UUID, String, String, Date, String?, Date).self
            )
            byHead[head, default: []].append(
                SupersededRate(
                    id: id, amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                    effectiveFrom: try StoredValue.day(from, column: "hourly_rates.effective_from"), setAt: setAt, reason: reason,
                    setBy: try Self.person(row, from: 7), supersededAt: supersededAt
                ))
        }
        return entries.map { entry in
            var entry = entry
            entry.supersedes = byHead[entry.id] ?? []
            return entry
        }
    }

    /// Id, first and last name from three columns starting at `index`; nil when the id is NULL.
    static func person(_ row: PostgresRow, from index: Int) throws -> PersonRef? {
        let r = row.makeRandomAccess()
        guard let id = try r[index].decode(UUID?.self) else { return nil }
        return PersonRef(id: id, firstName: try r[index + 1].decode(String.self), lastName: try r[index + 2].decode(String.self))
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
            return try await Self.history(personId: personId, after: nil, only: id, limit: 1, offset: 0, on: connection, logger: logger).first
        }
    }

    @discardableResult
    package static func insert(
        _ rate: NewRateEntry, personId: UUID, by: UUID, now: Date, corrects: UUID? = nil, id: UUID = UUID(),
        on connection: PostgresConnection, logger: Logger
    ) async throws -> UUID {
        let amount = "\(rate.amount)"
        do {
            try await connection.query(
                """
                INSERT INTO hourly_rates (id, account_id, amount, effective_from, set_by, set_at, reason, corrects)
                VALUES (\(id), \(personId), \(amount)::numeric, \(rate.effectiveFrom.iso)::date, \(by), \(now), \(rate.reason), \(corrects))
                """,
                logger: logger
            )
        } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "hourly_rates_one_per_date" {
            throw RatesError.dateTaken(rate.effectiveFrom)
        }
        var changes: AuditLog.Changes = [
            "amount": .init(from: nil, to: Money.format(rate.amount)),
            "effectiveFrom": .init(from: nil, to: rate.effectiveFrom.iso),
        ]
        if let reason = rate.reason { changes["reason"] = .init(from: nil, to: reason) }
        try await AuditLog.record(
            on: connection, subject: personId, entity: "hourly_rate", entityId: id, action: "add", by: by, at: now, changes: changes,
            logger: logger
        )
        return id
    }

    package func increases(from: CalendarDay, to: CalendarDay, page: PageRequest<NamePosition>) async throws -> [PersonIncreases] {
        let logger = self.logger
        let after = page.after
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                WITH steps AS (
                    SELECT account_id, effective_from, amount, reason,
                           lag(amount) OVER (PARTITION BY account_id ORDER BY effective_from) AS previous
                    FROM hourly_rates WHERE superseded_by IS NULL
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
                SELECT p.id, p.first_name, p.last_name, i.effective_from::text, i.amount::text, i.previous::text, i.reason
                FROM people p JOIN increased i ON i.account_id = p.id
                ORDER BY p.last_name COLLATE czech, p.first_name COLLATE czech, p.id, i.effective_from
                """,
                logger: logger
            )
            var people: [PersonIncreases] = []
            for try await (id, first, last, day, amount, previous, reason) in rows.decode(
                (UUID, String, String, String, String, String, String?).self
            ) {
                let entry = PersonIncreases.Entry(
                    effectiveFrom: try StoredValue.day(day, column: "hourly_rates.effective_from"),
                    amount: try StoredValue.decimal(amount, column: "hourly_rates.amount"),
                    previousAmount: try StoredValue.decimal(previous, column: "previous"), reason: reason
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
                    FROM hourly_rates WHERE superseded_by IS NULL
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
