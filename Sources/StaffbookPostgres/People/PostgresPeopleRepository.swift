import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresPeopleRepository: PeopleRepository {
    package let database: DatabasePool
    package let logger: Logger

    package init(database: DatabasePool, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    package func list(scope: PeopleScope, filter: PeopleFilter, page: PageRequest<NamePosition>) async throws -> [PersonSummary] {
        let logger = self.logger
        let leader: UUID? = if case .ledBy(let id) = scope { id } else { nil }
        let statement = PeopleListStatement(leader: leader, filter: filter, page: page)
        return try await database.withConnection { connection in
            var people: [PersonSummary] = []
            if filter.query != nil {
                for try await person in try await connection.execute(statement, logger: logger) { people.append(person) }
            } else {
                for try await row in try await connection.query(statement.unnamedQuery, logger: logger) {
                    people.append(try statement.decodeRow(row))
                }
            }
            return people
        }
    }

    package func profile(id: UUID, today: CalendarDay) async throws -> PersonProfile? {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT a.email::text, a.first_name, a.last_name, a.academic_title, a.position,
                       a.capacity_hours_per_week::text, a.phone, a.personal_email::text, a.roles, a.is_active, a.version, a.language,
                       \(unescaped: Self.teamColumns)
                FROM accounts a \(unescaped: Self.teamsJoin) WHERE a.id = \(id)
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return nil }
            let (
                email, first, last, title, position, capacity, phone, personalEmail, roles, active, version, language, teamIds, teamNames, teamLeads
            ) =
                try row.decode(
                    (String, String, String, String?, String?, String?, String?, String?, [String], Bool, Int, String, [UUID], [String], [Bool]).self)
            var contracts: [Contract] = []
            let contractRows = try await connection.query(
                "SELECT id, type, valid_from::text, valid_to::text FROM contracts WHERE account_id = \(id) ORDER BY valid_from",
                logger: logger
            )
            for try await (contractId, type, from, to) in contractRows.decode((UUID, String, String, String?).self) {
                contracts.append(try Self.contract(contractId, type, from, to))
            }
            let rates = try await PostgresRatesRepository.currentAndUpcoming(personId: id, today: today, on: connection, logger: logger)
            var profile = PersonProfile(
                id: id, email: email, firstName: first, lastName: last, academicTitle: title, position: position,
                capacityHoursPerWeek: capacity.flatMap { Decimal(string: $0) }, phone: phone, personalEmail: personalEmail,
                roles: Role.from(stored: roles), isActive: active, version: version,
                teams: Self.teams(ids: teamIds, names: teamNames, leaders: teamLeads),
                contracts: contracts, currentRate: rates.current, upcomingRate: rates.upcoming
            )
            profile.language = try StoredValue.enumeration(language, column: "accounts.language")
            return profile
        }
    }

    package func exists(id: UUID) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query("SELECT EXISTS (SELECT 1 FROM accounts WHERE id = \(id))", logger: logger).collect()
            return try StoredValue.single(rows, column: "exists").decode(Bool.self)
        }
    }

    package func leads(leaderId: UUID, personId: UUID) async throws -> Bool {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM team_members l JOIN team_members m ON m.team_id = l.team_id
                               WHERE l.account_id = \(leaderId) AND l.is_leader AND m.account_id = \(personId))
                """,
                logger: logger
            )
            return try StoredValue.single(try await rows.collect(), column: "exists").decode(Bool.self)
        }
    }

    package func create(_ person: NewPerson, invitation: AccountLinkGrant?, by: UUID, fourEyes: FourEyesSettings, now: Date) async throws
        -> PersonCreation
    {
        let logger = self.logger
        let capacity = person.capacityHoursPerWeek.map { "\($0)" }
        do {
            return try await database.withTransaction { connection in
                // Created as an admin only where one admin may make one; otherwise without the
                // role, its grant asked for below once the person exists.
                var granting = false
                if person.roles.contains(.admin) {
                    let standing = try await AdminChangeGate.standing(fourEyes, now: now, forChange: true, on: connection, logger: logger)
                    granting = standing.applies
                }
                let roles = Role.stored(granting ? person.roles.subtracting([.admin]) : person.roles)
                let rows = try await connection.query(
                    """
                    INSERT INTO accounts (email, first_name, last_name, academic_title, position, capacity_hours_per_week,
                                          phone, personal_email, roles, language, created_at, updated_at)
                    VALUES (normalize(\(person.email), NFKC), \(person.firstName), \(person.lastName), \(person.academicTitle), \(person.position),
                            \(capacity)::numeric, \(person.phone), normalize(\(person.personalEmail), NFKC), \(roles),
                            \(person.language.rawValue), \(now), \(now))
                    RETURNING id
                    """,
                    logger: logger
                )
                let id = try StoredValue.single(try await rows.collect(), column: "accounts.id").decode(UUID.self)
                try await AuditLog.record(
                    on: connection, subject: id, entity: "account", entityId: id, action: "create", by: by, at: now,
                    changes: Self.createdFields(person, roles: roles), logger: logger)
                _ = try await Self.insertContract(person.contract, personId: id, by: by, now: now, on: connection, logger: logger)
                try await PostgresRatesRepository.insert(
                    person.rate, personId: id, by: by, now: now, on: connection, logger: logger
                )
                for teamId in person.teamIds {
                    try await connection.query(
                        "INSERT INTO team_members (team_id, account_id) VALUES (\(teamId), \(id))", logger: logger
                    )
                    try await AuditLog.record(
                        on: connection, subject: id, entity: "team_membership", entityId: teamId, action: "add", by: by, at: now, logger: logger
                    )
                }
                if let invitation {
                    try await PostgresAccountLinkRepository.issue(
                        invitation, purpose: .invitation, accountId: id, now: now, on: connection, logger: logger
                    )
                }
                guard granting else { return PersonCreation(id: id) }
                let decision = try await AdminChangeGate.decide(
                    .grantAdmin, personId: id, by: by, settings: fourEyes, now: now, on: connection, logger: logger)
                return PersonCreation(id: id, requested: decision == .request ? .grantAdmin : nil)
            }
        } catch StoreError.unexpectedConstraint(name: "accounts_email_key") {
            throw PeopleError.emailTaken
        } catch StoreError.unexpectedConstraint(name: let name?) where name.hasPrefix("team_members") {
            throw PeopleError.unknownTeam
        }
    }

    package func update(
        id: UUID, condition: VersionCondition, changes: ProfileChanges, by: UUID, fourEyes: FourEyesSettings, now: Date
    ) async throws -> PersonWrite {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT first_name, last_name, academic_title, position, capacity_hours_per_week::text, phone,
                       personal_email::text, roles, version, language
                FROM accounts WHERE id = \(id) FOR UPDATE
                """,
                logger: logger
            )
            guard let row = try await rows.collect().first else { return .notFound }
            let (first, last, title, position, capacity, phone, personalEmail, roles, version, language) =
                try row.decode((String, String, String?, String?, String?, String?, String?, [String], Int, String).self)
            guard condition.matches(version) else { return .stale }
            // A grant or removal of the admin role is decided by the four-eyes rule: while it
            // waits, the person keeps the role they have and the rest of the change is written.
            var newRoles = changes.roles.map(Role.stored) ?? roles
            var outcome = PersonWrite.written
            var askedBy: AuditLog.Changes = [:]
            if let kind = AdminChanges.roleChange(from: Role.from(stored: roles), to: Role.from(stored: newRoles)) {
                let decision = try await AdminChangeGate.decide(
                    kind, personId: id, by: by, settings: fourEyes, now: now, on: connection, logger: logger)
                askedBy = AdminChangeGate.askedBy(decision)
                if decision == .request {
                    newRoles = roles
                    outcome = .requested(kind)
                }
            }

            func text(_ change: String?, _ old: String?) -> String? {
                guard let change else { return old }
                return change.isEmpty ? nil : change
            }
            let new = (
                first: changes.firstName ?? first,
                last: changes.lastName ?? last,
                title: text(changes.academicTitle, title),
                position: text(changes.position, position),
                capacity: changes.capacityHoursPerWeek.map { "\($0)" } ?? capacity,
                phone: text(changes.phone, phone),
                personalEmail: text(changes.personalEmail, personalEmail),
                roles: newRoles,
                language: changes.language?.rawValue ?? language
            )
            var diff: AuditLog.Changes = [:]
            func note(_ field: String, _ old: String?, _ value: String?) {
                if old != value { diff[field] = .init(from: old, to: value) }
            }
            note("firstName", first, new.first)
            note("lastName", last, new.last)
            note("academicTitle", title, new.title)
            note("position", position, new.position)
            note(
                "capacityHoursPerWeek", capacity.flatMap { Decimal(string: $0) }.map { "\($0)" },
                new.capacity.flatMap { Decimal(string: $0) }.map { "\($0)" })
            note("phone", phone, new.phone)
            note("personalEmail", personalEmail, new.personalEmail)
            note("roles", roles.sorted().joined(separator: ","), new.roles.sorted().joined(separator: ","))
            note("language", language, new.language)
            // Nothing but the request: the request's own entry says it, and the version stays.
            if diff.isEmpty, outcome != .written { return outcome }
            if diff["roles"] != nil { diff.merge(askedBy) { old, _ in old } }
            try await connection.query(
                """
                UPDATE accounts SET first_name = \(new.first), last_name = \(new.last), academic_title = \(new.title),
                    position = \(new.position), capacity_hours_per_week = \(new.capacity)::numeric, phone = \(new.phone),
                    personal_email = normalize(\(new.personalEmail), NFKC), roles = \(new.roles),
                    language = \(new.language), version = version + 1, updated_at = \(now),
                    admin_since = COALESCE(admin_since, \(now))
                WHERE id = \(id)
                """,
                logger: logger
            )
            if diff["capacityHoursPerWeek"] != nil {
                try await Self.keepCapacityChange(
                    id, old: capacity, new: new.capacity, from: CalendarDay(now).calendarMonth, by: by, now: now, on: connection, logger: logger)
            }
            try await AuditLog.record(
                on: connection, subject: id, entity: "account", entityId: id, action: "update", by: by, at: now, changes: diff, logger: logger
            )
            return outcome
        }
    }

    package func setActive(id: UUID, active: Bool, by: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> PersonWrite {
        let logger = self.logger
        return try await database.withTransaction { connection in
            let rows = try await connection.query(
                "SELECT is_active, erased_at IS NOT NULL, 'admin' = ANY (roles) FROM accounts WHERE id = \(id) FOR UPDATE", logger: logger
            )
            guard let (current, erased, admin) = try await rows.collect().first?.decode((Bool, Bool, Bool).self) else { return .notFound }
            guard current != active else { return .written }
            // An erased account has no one to come back: it cannot be turned on again.
            if erased { return .notFound }
            var askedBy: AuditLog.Changes = [:]
            if let kind = AdminChanges.activation(active: active, holdsAdminRole: admin) {
                let decision = try await AdminChangeGate.decide(
                    kind, personId: id, by: by, settings: fourEyes, now: now, on: connection, logger: logger)
                if decision == .request { return .requested(kind) }
                askedBy = AdminChangeGate.askedBy(decision)
            }
            let deactivatedAt: Date? = active ? nil : now
            try await connection.query(
                """
                UPDATE accounts SET is_active = \(active), deactivated_at = \(deactivatedAt), version = version + 1, updated_at = \(now),
                    admin_since = COALESCE(admin_since, \(now))
                WHERE id = \(id)
                """,
                logger: logger
            )
            if !active { try await AccountCredentials.endAll(accountId: id, now: now, on: connection, logger: logger) }
            try await AuditLog.record(
                on: connection, subject: id, entity: "account", entityId: id, action: active ? "reactivate" : "deactivate",
                by: by, at: now, changes: askedBy.merging(["active": .init(from: String(!active), to: String(active))]) { old, _ in old },
                logger: logger
            )
            return .written
        }
    }

    /// What a new person was created with, for the audit log: the fields set, roles among them.
    static func createdFields(_ person: NewPerson, roles: [String]) -> AuditLog.Changes {
        var fields: AuditLog.Changes = [
            "email": .init(from: nil, to: person.email), "firstName": .init(from: nil, to: person.firstName),
            "lastName": .init(from: nil, to: person.lastName),
            "roles": .init(from: nil, to: Role.from(stored: roles).map(\.rawValue).sorted().joined(separator: ",")),
            "language": .init(from: nil, to: person.language.rawValue),
        ]
        let optional: [(String, String?)] = [
            ("academicTitle", person.academicTitle), ("position", person.position),
            ("capacityHoursPerWeek", person.capacityHoursPerWeek.map { "\($0)" }), ("phone", person.phone),
            ("personalEmail", person.personalEmail),
        ]
        for (field, value) in optional where value != nil { fields[field] = .init(from: nil, to: value) }
        return fields
    }

    /// A weekly capacity changed today takes effect from the month's first day: earlier months
    /// keep what was in force (a person's first change keeps the old value from the start of
    /// time), so their statements, reports and checks do not move.
    private static func keepCapacityChange(
        _ id: UUID, old: String?, new: String?, from month: CalendarMonth, by: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            WITH base AS (
                INSERT INTO capacity_changes (account_id, effective_from, hours, changed_by, changed_at)
                SELECT \(id), '1900-01-01', \(old)::numeric, \(by), \(now)
                WHERE NOT EXISTS (SELECT 1 FROM capacity_changes WHERE account_id = \(id))
                ON CONFLICT DO NOTHING
            )
            INSERT INTO capacity_changes (account_id, effective_from, hours, changed_by, changed_at)
            VALUES (\(id), \(month.firstDay.iso)::date, \(new)::numeric, \(by), \(now))
            ON CONFLICT (account_id, effective_from) DO UPDATE SET hours = EXCLUDED.hours, changed_by = EXCLUDED.changed_by,
                changed_at = EXCLUDED.changed_at
            """,
            logger: logger
        )
    }

    /// A person's (alias `a`) teams as three arrays in one order: ids, names, leader flags; with
    /// `teamsJoin`. Arrays decode natively, where a `json_agg` column needed a JSONDecoder per
    /// person (docs/performance.md).
    package static let teamColumns = "coalesce(teams.ids, '{}'), coalesce(teams.names, '{}'), coalesce(teams.leads, '{}')"
    package static let teamsJoin = """
        LEFT JOIN LATERAL (
            SELECT array_agg(t.id ORDER BY t.name, t.id) AS ids, array_agg(t.name::text ORDER BY t.name, t.id) AS names,
                   array_agg(m.is_leader ORDER BY t.name, t.id) AS leads
            FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.account_id = a.id
        ) teams ON true
        """

    package static func teams(ids: [UUID], names: [String], leaders: [Bool]) -> [TeamRef] {
        zip(ids, zip(names, leaders)).map { TeamRef(id: $0, name: $1.0, leader: $1.1) }
    }

    /// A name search's term for `name_search_pattern()` (schema 0010), which lowers, unaccents
    /// and only then escapes it, as `accounts.search_text` (schema 0006) holds the names. That
    /// column has both name orders on two lines, so the term is kept to one line.
    package static func searchTerm(_ query: String) -> String {
        query.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
