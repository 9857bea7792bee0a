import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// The running timer: an entry without an end, one a person; the entries the timer made are
/// worked out from the presses kept in `timer_presses`, in the order they were pressed.
extension PostgresTimeEntryRepository {
    /// Timer presses of one person are serialised on their account row: two starts at once
    /// cannot both find no timer running.
    static func lockPerson(_ personId: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("SELECT 1 FROM accounts WHERE id = \(personId) FOR UPDATE", logger: logger)
    }

    package func press(personId: UUID, press: TimerPress, now: Date) async throws -> TimerState {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.lockPerson(personId, on: connection, logger: logger)
            try await connection.query(
                "DELETE FROM timer_presses WHERE account_id = \(personId) AND at < \(now.addingTimeInterval(-TimerRules.retention))",
                logger: logger
            )
            // What was running when the button was pressed: the presses are applied again from
            // its start, so one that arrives late lands between those pressed before and after it.
            let covering = try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from)
                WHERE e.account_id = \(personId) AND e.timer AND e.started_at <= \(press.at)
                  AND (e.ended_at IS NULL OR e.ended_at > \(press.at))
                """,
                logger: logger
            ).collect().first.map(Self.entry)
            let anchor = covering?.start ?? press.at
            let old = try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from)
                WHERE e.account_id = \(personId) AND e.timer AND e.started_at >= \(anchor) ORDER BY e.started_at FOR UPDATE OF e
                """,
                logger: logger
            ).collect().map(Self.entry)
            guard let pressed = try await Self.record(press, personId: personId, now: now, on: connection, logger: logger) else {
                // The device sent this press before: it was made then.
                return TimerState(running: try await Self.running(personId: personId, on: connection, logger: logger), changed: false)
            }
            // The running entry already holds the presses made at its first second before this one.
            let presses = try await Self.presses(
                personId: personId, after: anchor, including: covering == nil ? nil : pressed, on: connection, logger: logger
            )
            let spans = TimerRules.spans(running: covering.map { ($0.start, Self.work(of: $0)) }, presses: presses)
            let written = try await Self.write(spans, replacing: old, personId: personId, now: now, on: connection, logger: logger)
            let running = try await Self.running(personId: personId, on: connection, logger: logger)
            // The entry this press ended: the one running when it was pressed, now ending by then.
            var stopped: TimeEntry?
            var capped = false
            if press.action != .cancel, let covering,
                let span = spans.first(where: { $0.start == covering.start && $0.end.map { $0 <= press.at } == true })
            {
                stopped = try await Self.timerEntry(personId: personId, start: span.start, on: connection, logger: logger)
                capped = span.capped
            }
            var started: TimeEntry?
            if case .start = press.action, let span = spans.first(where: { $0.start == press.at }), span.end != nil {
                started = try await Self.timerEntry(personId: personId, start: span.start, on: connection, logger: logger)
            }
            // A stop inside an entry made or edited by hand ends nothing and never will.
            var endedNothing = covering == nil
            if endedNothing, !written, press.action == .stop || press.action == .cancel {
                endedNothing = try await !Self.covered(personId: personId, at: press.at, on: connection, logger: logger)
            }
            let changed = TimerRules.changed(entriesWritten: written, action: press.action, endedNothing: endedNothing, at: press.at, now: now)
            return TimerState(running: running, stopped: stopped, started: started, capped: capped, changed: changed)
        }
    }

    package func editTimer(personId: UUID, entryId: UUID, start: Date, work: TimerWork, now: Date) async throws -> TimerState? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            try await Self.lockPerson(personId, on: connection, logger: logger)
            guard let current = try await Self.running(personId: personId, on: connection, logger: logger), current.id == entryId else {
                return nil
            }
            let actor = TimeActor(callerId: personId, isAdmin: false)
            try await Self.checkLocks(personId: personId, instants: [current.start, start], actor: actor, on: connection, logger: logger)
            try await Self.checkOverlap(
                personId: personId, start: start, end: Date.distantFuture, except: entryId, on: connection, logger: logger
            )
            let changed = start != current.start || !Self.work(of: current).isSameTask(as: work)
            if changed {
                try await Self.constraints {
                    try await connection.query(
                        """
                        UPDATE time_entries SET started_at = \(start), project_id = \(work.projectId), description = \(work.description),
                            tags = \(work.tags), billable = \(work.billable), version = version + 1, updated_at = \(now)
                        WHERE id = \(entryId)
                        """,
                        logger: logger
                    )
                }
                // The edit replaces the press that started the timer, and any the new start passes over.
                try await connection.query(
                    """
                    DELETE FROM timer_presses WHERE account_id = \(personId)
                      AND at >= least(\(start), \(current.start)) AND at <= greatest(\(start), \(current.start))
                    """,
                    logger: logger
                )
                try await Self.record(TimerPress(.start(work), at: start), personId: personId, now: now, on: connection, logger: logger)
            }
            let running = try await Self.running(personId: personId, on: connection, logger: logger)
            return TimerState(running: running, changed: changed)
        }
    }

    /// Presses older than an entry edited by hand no longer shape it.
    static func forgetPresses(personId: UUID, from start: Date, to end: Date, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "DELETE FROM timer_presses WHERE account_id = \(personId) AND at >= \(start) AND at <= \(end)", logger: logger
        )
    }

    private static func work(of entry: TimeEntry) -> TimerWork {
        TimerWork(projectId: entry.projectId, description: entry.description, tags: entry.tags, billable: entry.billable)
    }

    /// Keeps a press; its place in the order of presses made in the same second, nil when a
    /// press with its id was kept before.
    @discardableResult
    private static func record(_ press: TimerPress, personId: UUID, now: Date, on connection: PostgresConnection, logger: Logger) async throws
        -> Int64?
    {
        var work: TimerWork?
        if case .start(let started) = press.action { work = started }
        let rows = try await connection.query(
            """
            INSERT INTO timer_presses (account_id, action, at, project_id, description, tags, billable, received_at, press_id)
            VALUES (\(personId), \(press.name), \(press.at), \(work?.projectId), \(work?.description ?? ""), \(work?.tags ?? []),
                    \(work?.billable ?? true), \(now), \(press.id))
            ON CONFLICT (account_id, press_id) DO NOTHING
            RETURNING seq
            """,
            logger: logger
        )
        for try await seq in rows.decode(Int64.self) { return seq }
        guard press.id != nil else { throw StoreError.malformedRow(column: "timer_presses.seq") }
        return nil
    }

    /// The presses from `anchor` on, in the order they were made: of its own second, all of them,
    /// or only the one numbered `including` when what they made is already known.
    private static func presses(
        personId: UUID, after anchor: Date, including: Int64?, on connection: PostgresConnection, logger: Logger
    ) async throws -> [TimerPress] {
        let rows = try await connection.query(
            """
            SELECT action, at, project_id, description, tags, billable FROM timer_presses
            WHERE account_id = \(personId)
              AND (at > \(anchor) OR (at = \(anchor) AND (\(including)::bigint IS NULL OR seq = \(including)::bigint)))
            ORDER BY at, seq
            """,
            logger: logger
        )
        var presses: [TimerPress] = []
        for try await (action, at, projectId, description, tags, billable) in rows.decode((String, Date, UUID?, String, [String], Bool).self) {
            switch (action, projectId) {
            case ("start", let projectId?):
                presses.append(TimerPress(.start(TimerWork(projectId: projectId, description: description, tags: tags, billable: billable)), at: at))
            case ("stop", _): presses.append(TimerPress(.stop, at: at))
            case ("cancel", _): presses.append(TimerPress(.cancel, at: at))
            default: throw StoreError.malformedRow(column: "timer_presses.action")
            }
        }
        return presses
    }

    /// Whether any entry of the person's (the timer's or one by hand) spans `at`.
    private static func covered(personId: UUID, at: Date, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await connection.query(
            """
            SELECT 1 FROM time_entries WHERE account_id = \(personId) AND started_at <= \(at) AND (ended_at IS NULL OR ended_at > \(at)) LIMIT 1
            """,
            logger: logger
        ).collect().isEmpty == false
    }

    private static func timerEntry(personId: UUID, start: Date, on connection: PostgresConnection, logger: Logger) async throws -> TimeEntry? {
        try await connection.query(
            "SELECT \(unescaped: columns) FROM \(unescaped: from) WHERE e.account_id = \(personId) AND e.timer AND e.started_at = \(start)",
            logger: logger
        ).collect().first.map(Self.entry)
    }

    /// Makes the person's timer entries from `old` on what `spans` say, keeping an entry's id
    /// where it starts at the same instant; whether anything changed.
    private static func write(
        _ spans: [TimerSpan], replacing old: [TimeEntry], personId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let oldByStart = Dictionary(old.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [UUID: TimerSpan] = [:]
        var added: [TimerSpan] = []
        for span in spans {
            if let entry = oldByStart[span.start] { kept[entry.id] = span } else { added.append(span) }
        }
        let unchanged = Set(
            old.filter { entry in
                kept[entry.id].map { $0.end == entry.end && $0.work == work(of: entry) } == true
            }.map(\.id))
        let rewritten = old.filter { !unchanged.contains($0.id) }
        guard !rewritten.isEmpty || !added.isEmpty else { return false }
        let actor = TimeActor(callerId: personId, isAdmin: false)
        let touched = rewritten.map(\.start) + added.map(\.start)
        try await checkLocks(personId: personId, instants: touched, actor: actor, on: connection, logger: logger)
        for span in added {
            try await checkAbsence(personId: personId, start: span.start, end: span.end ?? span.start, on: connection, logger: logger)
        }
        // Entries that change are written afresh (under their ids), so none is in another's way
        // halfway through.
        var createdAt: [UUID: Date] = [:]
        if !rewritten.isEmpty {
            let rows = try await connection.query(
                "DELETE FROM time_entries WHERE id = ANY(\(rewritten.map(\.id))) RETURNING id, created_at", logger: logger
            )
            for try await (id, created) in rows.decode((UUID, Date).self) { createdAt[id] = created }
        }
        for entry in rewritten {
            guard let span = kept[entry.id] else { continue }
            try await insert(
                span, id: entry.id, version: entry.version + 1, createdAt: createdAt[entry.id] ?? now, personId: personId, now: now,
                on: connection, logger: logger
            )
        }
        for span in added {
            try await insert(span, id: UUID(), version: 1, createdAt: now, personId: personId, now: now, on: connection, logger: logger)
        }
        return true
    }

    private static func insert(
        _ span: TimerSpan, id: UUID, version: Int, createdAt: Date, personId: UUID, now: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await checkOverlap(
            personId: personId, start: span.start, end: span.end ?? Date.distantFuture, except: nil, on: connection, logger: logger
        )
        try await constraints {
            try await connection.query(
                """
                INSERT INTO time_entries (id, account_id, project_id, description, started_at, ended_at, tags, billable, version, timer,
                                          created_at, updated_at)
                VALUES (\(id), \(personId), \(span.work.projectId), \(span.work.description), \(span.start), \(span.end), \(span.work.tags),
                        \(span.work.billable), \(version), true, \(createdAt), \(now))
                """,
                logger: logger
            )
        }
    }
}
