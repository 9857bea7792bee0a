import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresAbsenceRepository: AbsenceRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// The columns `absence(_:)` reads, of the table named `alias`.
    static func columns(_ alias: String = "absences") -> String {
        """
        \(alias).id, \(alias).account_id, \(alias).kind, \(alias).first_day::text, \(alias).last_day::text, \(alias).part,
        \(alias).hours::text, \(alias).working_days::text, \(alias).state, \(alias).note, \(alias).reason, \(alias).decided_by,
        \(alias).decided_at, \(alias).created_at
        """
    }

    static func absence(_ row: PostgresRow) throws -> Absence {
        let r = row.makeRandomAccess()
        return Absence(
            id: try r[0].decode(UUID.self), personId: try r[1].decode(UUID.self), kind: try r[2].decode(String.self),
            firstDay: try StoredValue.day(try r[3].decode(String.self), column: "absences.first_day"),
            lastDay: try StoredValue.day(try r[4].decode(String.self), column: "absences.last_day"),
            part: try StoredValue.enumeration(try r[5].decode(String.self), column: "absences.part"),
            hours: try StoredValue.optionalDecimal(try r[6].decode(String?.self), column: "absences.hours"),
            workingDays: try StoredValue.decimal(try r[7].decode(String.self), column: "absences.working_days"),
            state: try StoredValue.enumeration(try r[8].decode(String.self), column: "absences.state"),
            note: try r[9].decode(String?.self), reason: try r[10].decode(String?.self), decidedBy: try r[11].decode(UUID?.self),
            decidedAt: try r[12].decode(Date?.self), createdAt: try r[13].decode(Date.self)
        )
    }

    package func kinds() async throws -> [AbsenceKind] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query("SELECT \(unescaped: Self.kindColumns) FROM absence_kinds ORDER BY code", logger: logger)
            var kinds: [AbsenceKind] = []
            for try await row in rows { kinds.append(try Self.kind(row)) }
            return kinds
        }
    }

    /// The columns `kind(_:)` reads.
    static let kindColumns =
        "code, name_cs, name_en, needs_approval, counts_against_balance, paid_share::text, paid_days, by_hours, contract_types, private"

    static func kind(_ row: PostgresRow) throws -> AbsenceKind {
        let (code, cs, en, approval, balance, share, days, byHours, types, isPrivate) = try row.decode(
            (String, String, String, Bool, Bool, String, Int?, Bool, [String], Bool).self)
        return AbsenceKind(
            code: code, name: LocalizedText(en: en, cs: cs), needsApproval: approval, countsAgainstBalance: balance,
            paidShare: try StoredValue.decimal(share, column: "absence_kinds.paid_share"), paidDays: days, byHours: byHours,
            contractTypes: Set(try types.map { try StoredValue.enumeration($0, as: ContractType.self, column: "absence_kinds.contract_types") }),
            isPrivate: isPrivate
        )
    }

    package func contractTypes(personId: UUID, from first: CalendarDay, to last: CalendarDay) async throws -> Set<ContractType> {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT DISTINCT type FROM contracts
                WHERE account_id = \(personId) AND valid_from <= \(last.iso)::date AND (valid_to IS NULL OR valid_to >= \(first.iso)::date)
                """,
                logger: logger
            )
            var types: Set<ContractType> = []
            for try await type in rows.decode(String.self) { types.insert(try StoredValue.enumeration(type, column: "contracts.type")) }
            return types
        }
    }

    package func create(
        personId: UUID, request: AbsenceRequest, workingDays: Decimal, state: AbsenceState, now: Date,
        admit: (@Sendable (VacationBasis) -> (any Error)?)?
    ) async throws -> Absence {
        let logger = self.logger
        return try await database.withTransaction { connection in
            if let admit {
                // One request of the person at a time reads the balance and takes from it. Not FOR
                // UPDATE: an absence's foreign key takes KEY SHARE on the account, and a request
                // of another kind waiting on it while this one waits on that request's overlap
                // would deadlock.
                try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR NO KEY UPDATE", logger: logger)
                let years = request.firstDay.year - 1...request.lastDay.year
                let basis = try await Self.vacationBasis(personId: personId, years: years, on: connection, logger: logger)
                if let refusal = admit(basis) { throw refusal }
            }
            do {
                let rows = try await connection.query(
                    """
                    INSERT INTO absences (account_id, kind, first_day, last_day, part, hours, working_days, state, note, created_at, updated_at)
                    VALUES (\(personId), \(request.kind), \(request.firstDay.iso)::date, \(request.lastDay.iso)::date, \(request.part.rawValue),
                            \(request.hours.map { "\($0)" })::numeric, \("\(workingDays)")::numeric, \(state.rawValue), \(request.note), \(now), \(now))
                    RETURNING \(unescaped: Self.columns())
                    """,
                    logger: logger
                ).collect()
                guard let absence = try rows.first.map(Self.absence) else { throw StoreError.malformedRow(column: "absences.id") }
                if state == .requested { try await Self.notifyDeciders(of: absence, now: now, on: connection, logger: logger) }
                return absence
            } catch let error as PSQLError where error.isExclusionViolation && error.constraintName == "absences_no_overlap" {
                throw AbsenceError.overlap(nil)
            }
        }
    }

    /// A new request goes to the leaders of the person's teams, or to the admins when no one
    /// leads them, in the request's transaction.
    static func notifyDeciders(of absence: Absence, now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query(
            """
            WITH leaders AS (
                SELECT DISTINCT l.account_id FROM team_members m
                JOIN team_members l ON l.team_id = m.team_id AND l.is_leader AND l.account_id <> m.account_id
                JOIN accounts a ON a.id = l.account_id AND a.is_active
                WHERE m.account_id = \(absence.personId))
            SELECT account_id FROM leaders
            UNION
            SELECT id FROM accounts WHERE is_active AND 'admin' = ANY(roles) AND id <> \(absence.personId) AND NOT EXISTS (SELECT 1 FROM leaders)
            """,
            logger: logger
        ).collect()
        let person = try await connection.query(
            "SELECT first_name || ' ' || last_name FROM accounts WHERE id = \(absence.personId)", logger: logger
        ).collect().first?.decode(String.self)
        let payload = NotificationPayload(person: person, timeOff: try await Self.timeOff(absence, on: connection, logger: logger))
        for row in rows {
            try await NotificationOutbox.add(
                NewNotification(accountId: try row.decode(UUID.self), kind: .absenceRequested, payload: payload), now: now, on: connection,
                logger: logger)
        }
    }

    /// The absence as a notification names it, with its kind's names.
    static func timeOff(_ absence: Absence, on connection: PostgresConnection, logger: Logger) async throws -> NotificationPayload.TimeOff {
        let names = try await connection.query(
            "SELECT name_cs, name_en FROM absence_kinds WHERE code = \(absence.kind)", logger: logger
        ).collect().first?.decode((String, String).self)
        let name = names.map { LocalizedText(en: $0.1, cs: $0.0) } ?? LocalizedText(en: absence.kind, cs: absence.kind)
        return NotificationPayload.TimeOff(absence, name: name)
    }

    package func vacationBasis(personId: UUID, years: ClosedRange<Int>) async throws -> VacationBasis {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.vacationBasis(personId: personId, years: years, on: connection, logger: logger)
        }
    }

    static func vacationBasis(personId: UUID, years: ClosedRange<Int>, on connection: PostgresConnection, logger: Logger) async throws
        -> VacationBasis
    {
        var contracts: [(type: ContractType, from: CalendarDay, to: CalendarDay?)] = []
        for try await (type, from, to) in try await connection.query(
            "SELECT type, valid_from::text, valid_to::text FROM contracts WHERE account_id = \(personId) ORDER BY valid_from", logger: logger
        ).decode((String, String, String?).self) {
            contracts.append(
                (
                    try StoredValue.enumeration(type, column: "contracts.type"), try StoredValue.day(from, column: "contracts.valid_from"),
                    try to.map { try StoredValue.day($0, column: "contracts.valid_to") }
                ))
        }
        let capacity = try await connection.query(
            "SELECT coalesce(capacity_hours_per_week, 40)::text FROM accounts WHERE id = \(personId)", logger: logger
        ).collect().first.map { try StoredValue.decimal(try $0.decode(String.self), column: "accounts.capacity_hours_per_week") }
        let first = CalendarDay(year: years.lowerBound, month: 1, day: 1), last = CalendarDay(year: years.upperBound, month: 12, day: 31)
        let rows = try await connection.query(
            """
            SELECT \(unescaped: columns("a")) FROM absences a JOIN absence_kinds k ON k.code = a.kind
            WHERE a.account_id = \(personId) AND k.counts_against_balance AND a.state = ANY(\(AbsenceBinds.holdingStates))
              AND daterange(a.first_day, a.last_day, '[]') && daterange(\(first.iso)::date, \(last.iso)::date, '[]')
            """,
            logger: logger
        ).collect()
        var set: [Int: Decimal] = [:]
        for try await (year, days) in try await connection.query(
            """
            SELECT year, days::text FROM vacation_entitlements
            WHERE account_id = \(personId) AND year BETWEEN \(years.lowerBound) AND \(years.upperBound)
            """,
            logger: logger
        ).decode((Int, String).self) {
            set[year] = try StoredValue.decimal(days, column: "vacation_entitlements.days")
        }
        return VacationBasis(contracts: contracts, weeklyCapacity: capacity ?? 40, vacations: try rows.map(absence), setEntitlements: set)
    }

    package func absence(id: UUID) async throws -> Absence? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query("SELECT \(unescaped: Self.columns()) FROM absences WHERE id = \(id)", logger: logger)
                .collect().first.map(Self.absence)
        }
    }

    package func transition(
        id: UUID, action: AbsenceAction, from: Set<AbsenceState>, to: AbsenceState, reason: String?, by: UUID, now: Date
    ) async throws -> Absence? {
        let logger = self.logger
        let allowed = from.map(\.rawValue).sorted()
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE absences SET state = \(to.rawValue), reason = \(reason), decided_by = \(by), decided_at = \(now), updated_at = \(now)
                WHERE id = \(id) AND state = ANY(\(allowed))
                RETURNING \(unescaped: Self.columns())
                """,
                logger: logger
            ).collect()
            guard let absence = try rows.first.map(Self.absence) else { return nil }
            var changes: AuditLog.Changes = ["state": .init(from: nil, to: to.rawValue)]
            if let reason { changes["reason"] = .init(from: nil, to: reason) }
            try await AuditLog.record(
                on: connection, subject: absence.personId, entity: "absence", entityId: id, action: action.rawValue, by: by, at: now,
                changes: changes, logger: logger
            )
            // The person hears of what someone else decided (not of taking back their own).
            if by != absence.personId {
                let payload = NotificationPayload(
                    reason: reason, timeOff: try await Self.timeOff(absence, on: connection, logger: logger), decision: to.rawValue)
                try await NotificationOutbox.add(
                    NewNotification(accountId: absence.personId, kind: .absenceDecided, payload: payload), now: now, on: connection,
                    logger: logger)
            }
            return absence
        }
    }

    package func absences(personId: UUID, from: CalendarDay?, to: CalendarDay?) async throws -> [Absence] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns()) FROM absences
                WHERE account_id = \(personId) AND (\(from?.iso)::date IS NULL OR last_day >= \(from?.iso)::date)
                  AND (\(to?.iso)::date IS NULL OR first_day <= \(to?.iso)::date)
                ORDER BY first_day DESC, created_at DESC LIMIT 1000
                """,
                logger: logger
            ).collect().map(Self.absence)
        }
    }

    package func calendar(teamId: UUID?, from: CalendarDay, to: CalendarDay) async throws -> [(absence: Absence, name: String)]? {
        try await calendar(teamId: teamId, from: from, to: to, states: AbsenceBinds.holdingStates)
    }

    package func requests(teamId: UUID?, from: CalendarDay, to: CalendarDay) async throws -> [(absence: Absence, name: String)]? {
        try await calendar(teamId: teamId, from: from, to: to, states: [AbsenceState.requested.rawValue])
    }

    private func calendar(teamId: UUID?, from: CalendarDay, to: CalendarDay, states: [String]) async throws -> [(absence: Absence, name: String)]? {
        let logger = self.logger
        return try await database.withConnection { connection in
            if let teamId {
                guard try await connection.query("SELECT 1 FROM teams WHERE id = \(teamId)", logger: logger).collect().first != nil else {
                    return nil
                }
            }
            return try await Self.calendar(teamId: teamId, personId: nil, from: from, to: to, states: states, on: connection, logger: logger)
        }
    }

    /// Holding absences touching the days of a team's active members, one person's, or everyone's.
    /// Each scope is its own statement, so a team's and a person's read their members' rows by
    /// the person's index instead of scanning everyone's.
    static func calendar(
        teamId: UUID?, personId: UUID?, from: CalendarDay, to: CalendarDay?, states: [String] = AbsenceBinds.holdingStates,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [(absence: Absence, name: String)] {
        let until = to?.iso
        let query: PostgresQuery
        if let teamId {
            query = """
                SELECT \(unescaped: Self.columns("x")), a.first_name || ' ' || a.last_name
                FROM team_members m JOIN accounts a ON a.id = m.account_id AND a.is_active
                JOIN absences x ON x.account_id = m.account_id
                WHERE m.team_id = \(teamId) AND x.state = ANY(\(states)) AND x.last_day >= \(from.iso)::date
                  AND (\(until)::date IS NULL OR x.first_day <= \(until)::date)
                ORDER BY x.first_day, a.last_name COLLATE czech, a.first_name COLLATE czech, x.id
                """
        } else if let personId {
            query = """
                SELECT \(unescaped: Self.columns("x")), a.first_name || ' ' || a.last_name
                FROM absences x JOIN accounts a ON a.id = x.account_id AND a.is_active
                WHERE x.account_id = \(personId) AND x.state = ANY(\(states)) AND x.last_day >= \(from.iso)::date
                  AND (\(until)::date IS NULL OR x.first_day <= \(until)::date)
                ORDER BY x.first_day, x.id
                """
        } else {
            query = """
                SELECT \(unescaped: Self.columns("x")), a.first_name || ' ' || a.last_name
                FROM absences x JOIN accounts a ON a.id = x.account_id AND a.is_active
                WHERE x.state = ANY(\(states))
                  AND daterange(x.first_day, x.last_day, '[]') && daterange(\(from.iso)::date, \(until)::date, '[]')
                ORDER BY x.first_day, a.last_name COLLATE czech, a.first_name COLLATE czech, x.id
                """
        }
        let rows = try await connection.query(query, logger: logger).collect()
        return try rows.map { row in (try Self.absence(row), try row.makeRandomAccess()[14].decode(String.self)) }
    }
}
