import Crypto
import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Generated statements: who needs one for a month, and storing them.
extension PostgresInvoiceRepository {
    package func statementCandidates(month: CalendarMonth, personId: UUID?) async throws -> [StatementCandidate] {
        let logger = self.logger
        let (start, end) = DayRange(month: month).instants
        let zone = Calendar.prague.timeZone.identifier
        return try await database.withConnection { connection in
            let timeOff = try await Self.paidTimeOff(month: month, personId: personId, on: connection, logger: logger)
            let rows = try await connection.query(
                """
                SELECT a.id, a.first_name, a.last_name, a.email::text, weekly_capacity(a.id, \(month.firstDay.iso)::date)::text,
                       (SELECT json_agg(json_build_array(c.type, c.valid_from::text, c.valid_to::text))::text FROM contracts c
                        WHERE c.account_id = a.id AND c.type IN ('HPP', 'DPP', 'DPC')
                          AND c.valid_from <= \(month.lastDay.iso)::date
                          AND (c.valid_to IS NULL OR c.valid_to >= \(month.firstDay.iso)::date)),
                       coalesce((SELECT json_agg(json_build_array(r.effective_from::text, r.amount::text))::text
                                 FROM hourly_rates r WHERE r.account_id = a.id AND r.superseded_by IS NULL), '[]'),
                       i.id, i.state, i.kind, i.statement_basis, i.statement_hours::text,
                       -- The hours tracked each day (entries count on the day they start), to two decimals.
                       coalesce((SELECT json_agg(json_build_array(t.day, t.hours))::text FROM (
                           SELECT to_char(e.started_at AT TIME ZONE \(zone), 'YYYY-MM-DD') AS day,
                                  round(sum(extract(epoch FROM e.ended_at - e.started_at)) / 3600, 2)::text AS hours
                           FROM time_entries e
                           WHERE e.account_id = a.id AND e.started_at >= \(start) AND e.started_at < \(end) AND e.ended_at IS NOT NULL
                           GROUP BY 1) t), '[]'),
                       coalesce((SELECT json_agg(json_build_array(t.name, t.hours) ORDER BY t.name)::text FROM (
                           SELECT c.name || ' / ' || p.name AS name,
                                  round(sum(extract(epoch FROM e.ended_at - e.started_at)) / 3600, 2)::text AS hours
                           FROM time_entries e JOIN projects p ON p.id = e.project_id JOIN clients c ON c.id = p.client_id
                           WHERE e.account_id = a.id AND e.started_at >= \(start) AND e.started_at < \(end) AND e.ended_at IS NOT NULL
                           GROUP BY 1) t), '[]')
                FROM accounts a
                LEFT JOIN invoices i ON i.account_id = a.id AND i.period = \(month.firstDay.iso)::date
                WHERE (\(personId)::uuid IS NULL OR a.id = \(personId)::uuid)
                  AND EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type IN ('HPP', 'DPP', 'DPC')
                              AND c.valid_from <= \(month.lastDay.iso)::date
                              AND (c.valid_to IS NULL OR c.valid_to >= \(month.firstDay.iso)::date))
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """,
                logger: logger
            )
            var candidates: [StatementCandidate] = []
            for try await row in rows {
                let (id, first, last, email, capacity, contracts, rates) = try row.decode(
                    (UUID, String, String, String, String, String, String).self
                )
                let existing = try Self.existingStatement(row, from: 7, period: month)
                let r = row.makeRandomAccess()
                let tracked = Self.pairs(try r[12].decode(String.self)).compactMap { pair -> (CalendarDay, Decimal)? in
                    guard let day = CalendarDay(pair.0), let hours = Decimal(string: pair.1) else { return nil }
                    return (day, hours)
                }
                let projects = Self.pairs(try r[13].decode(String.self)).compactMap { pair -> (String, Decimal)? in
                    Decimal(string: pair.1).map { (pair.0, $0) }
                }
                let contractPairs = (try? JSONSerialization.jsonObject(with: Data(contracts.utf8)) as? [[Any]]) ?? []
                let ratePairs = (try? JSONSerialization.jsonObject(with: Data(rates.utf8)) as? [[Any]]) ?? []
                candidates.append(
                    StatementCandidate(
                        person: InvoicePerson(id: id, firstName: first, lastName: last, email: email),
                        weeklyCapacity: Decimal(string: capacity) ?? 40,
                        contractRanges: contractPairs.compactMap { triple in
                            guard triple.count == 3, let type = (triple[0] as? String).flatMap(ContractType.init),
                                let from = (triple[1] as? String).flatMap(CalendarDay.init)
                            else { return nil }
                            return (type, from, (triple[2] as? String).flatMap(CalendarDay.init))
                        },
                        rates: ratePairs.compactMap { pair in
                            guard let day = (pair.first as? String).flatMap(CalendarDay.init),
                                let amount = (pair.last as? String).flatMap({ Decimal(string: $0) })
                            else { return nil }
                            return (day, amount)
                        },
                        existing: existing,
                        trackedHours: Dictionary(tracked, uniquingKeysWith: +),
                        projectHours: projects.map { (name: $0.0, hours: $0.1) }
                    ))
                candidates[candidates.count - 1].timeOff = timeOff[id] ?? []
            }
            return candidates
        }
    }

    package func saveStatement(
        personId: UUID, month: CalendarMonth, statement: StatementCalculator.Statement, workbook: Data, actorId: UUID?, now: Date
    ) async throws -> StatementOutcome {
        let logger = self.logger
        let file = UploadedFile(content: workbook, sha256: nil, mediaType: XLSXWorkbook.mediaType, originalName: "statement-\(month.iso).xlsx")
        // statement_rate keeps the mean for clients that still read it; the lines carry the rates.
        let basis = statement.basis.rawValue
        return try await database.withTransaction { connection in
            let existing = try await InvoiceWriter.lock(personId: personId, month: month, on: connection, logger: logger)
            let fileId = UUID()
            if let existing {
                guard existing.kind == .statement else { return .skipped("an uploaded invoice exists") }
                let command = InvoiceCommand(.regenerate, by: .system, actorId: actorId, now: now)
                guard let decided = try? InvoiceWriter.decide(command, on: existing) else { return .skipped("already \(existing.state.rawValue)") }
                // The workbook is deterministic: equal bytes mean nothing changed, and a file
                // version that repeats the last one would only clutter the history.
                let currentSHA256 = try await connection.query(
                    "SELECT f.sha256 FROM invoices i JOIN invoice_files f ON f.id = i.current_file_id WHERE i.id = \(existing.id)",
                    logger: logger
                ).collect().first?.decode(Data.self)
                if existing.state == .submitted, Data(SHA256.hash(data: workbook)) == currentSHA256 { return .unchanged(existing.id) }
                try await Self.insertFile(fileId, invoiceId: existing.id, file: file, by: actorId, now: now, on: connection, logger: logger)
                try await InvoiceWriter.apply(
                    decided, content: .init(amount: statement.amount, fileId: fileId, statement: (statement.hours, statement.meanRate, basis)),
                    on: connection, logger: logger)
                try await Self.replaceLines(invoiceId: existing.id, statement.lines, on: connection, logger: logger)
                return .regenerated(existing.id)
            }
            let invoiceId = UUID()
            let command = InvoiceCommand(.generate, by: .system, actorId: actorId, now: now)
            guard let decided = try? InvoiceWriter.decide(command, on: nil) else { return .skipped("statements cannot be generated") }
            try await InvoiceWriter.insert(
                .init(
                    id: invoiceId, personId: personId, month: month, kind: .statement, amount: statement.amount, currentFileId: fileId,
                    statement: (statement.hours, statement.meanRate, basis)),
                decided: decided, on: connection, logger: logger)
            try await Self.insertFile(fileId, invoiceId: invoiceId, file: file, by: actorId, now: now, on: connection, logger: logger)
            try await Self.replaceLines(invoiceId: invoiceId, statement.lines, on: connection, logger: logger)
            return .created(invoiceId)
        }
    }
}

extension PostgresInvoiceRepository {
    package func statement(invoiceId: UUID) async throws -> StoredStatement? {
        let logger = self.logger
        return try await database.withConnection { connection in
            guard
                let basisText = try await connection.query(
                    "SELECT statement_basis FROM invoices WHERE id = \(invoiceId) AND kind = 'statement'", logger: logger
                ).collect().first.map({ try $0.decode(String?.self) }) ?? nil
            else { return nil }
            let basis = try StoredValue.enumeration(basisText, as: StatementCalculator.HoursBasis.self, column: "invoices.statement_basis")
            let rows = try await connection.query(
                """
                SELECT l.from_day::text, l.to_day::text, l.days, l.hours::text, l.rate::text, l.amount::text, l.is_holiday,
                       l.time_off_kind, l.paid_share::text, k.name_cs, k.name_en
                FROM statement_lines l LEFT JOIN absence_kinds k ON k.code = l.time_off_kind
                WHERE l.invoice_id = \(invoiceId) ORDER BY l.position
                """,
                logger: logger
            )
            var lines: [StatementCalculator.Line] = []
            for try await row in rows {
                let (from, to, days, hours, rate, amount, isHoliday) = try row.decode((String, String, Int, String, String, String, Bool).self)
                let r = row.makeRandomAccess()
                let (kind, share, cs, en) = (
                    try r[7].decode(String?.self), try r[8].decode(String?.self), try r[9].decode(String?.self), try r[10].decode(String?.self)
                )
                let fromDay = try StoredValue.day(from, column: "statement_lines.from_day")
                var timeOff: StatementCalculator.TimeOffPay?
                if let kind, let share {
                    timeOff = StatementCalculator.TimeOffPay(
                        kind: kind, name: LocalizedText(en: en ?? kind, cs: cs ?? kind),
                        share: try StoredValue.decimal(share, column: "statement_lines.paid_share"))
                }
                lines.append(
                    StatementCalculator.Line(
                        from: fromDay, to: try StoredValue.day(to, column: "statement_lines.to_day"), days: days,
                        hours: try StoredValue.decimal(hours, column: "statement_lines.hours"),
                        rate: try StoredValue.decimal(rate, column: "statement_lines.rate"),
                        amount: try StoredValue.decimal(amount, column: "statement_lines.amount"),
                        holiday: isHoliday ? CzechHolidays.holiday(on: fromDay)?.name : nil, timeOff: timeOff
                    ))
            }
            return StoredStatement(basis: basis, lines: lines)
        }
    }

    /// A statement's lines, replaced with the ones just computed.
    static func replaceLines(
        invoiceId: UUID, _ lines: [StatementCalculator.Line], on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query("DELETE FROM statement_lines WHERE invoice_id = \(invoiceId)", logger: logger)
        for (position, line) in lines.enumerated() {
            try await connection.query(
                """
                INSERT INTO statement_lines (invoice_id, position, from_day, to_day, days, hours, rate, amount, is_holiday, time_off_kind, paid_share)
                VALUES (\(invoiceId), \(position), \(line.from.iso)::date, \(line.to.iso)::date, \(line.days),
                        \("\(line.hours)")::numeric, \("\(line.rate)")::numeric, \("\(line.amount)")::numeric, \(line.holiday != nil),
                        \(line.timeOff?.kind), \(line.timeOff.map { "\($0.share)" })::numeric)
                """,
                logger: logger
            )
        }
    }
}

extension PostgresInvoiceRepository {
    package func statements(personId: UUID, from: CalendarMonth, to: CalendarMonth?) async throws -> [ExistingStatement] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT i.id, i.state, i.kind, i.statement_basis, i.statement_hours::text, to_char(i.period, 'YYYY-MM')
                FROM invoices i
                WHERE i.account_id = \(personId) AND i.kind = 'statement' AND i.period >= \(from.firstDay.iso)::date
                  AND (\(to?.firstDay.iso)::date IS NULL OR i.period <= \(to?.firstDay.iso)::date)
                ORDER BY i.period
                """,
                logger: logger
            )
            var statements: [ExistingStatement] = []
            for try await row in rows {
                let period = try StoredValue.month(try row.makeRandomAccess()[5].decode(String.self), column: "invoices.period")
                if let statement = try Self.existingStatement(row, from: 0, period: period) { statements.append(statement) }
            }
            return statements
        }
    }

    /// An invoice's id, state, kind, basis and hours from five columns starting at `from`; nil
    /// when the id is NULL (no invoice).
    static func existingStatement(_ row: PostgresRow, from index: Int, period: CalendarMonth) throws -> ExistingStatement? {
        let r = row.makeRandomAccess()
        guard let id = try r[index].decode(UUID?.self), let state = try r[index + 1].decode(String?.self),
            let kind = try r[index + 2].decode(String?.self)
        else { return nil }
        return ExistingStatement(
            invoiceId: id, period: period, state: try StoredValue.enumeration(state, column: "invoices.state"),
            kind: try StoredValue.enumeration(kind, column: "invoices.kind"),
            basis: try (try r[index + 3].decode(String?.self)).map {
                try StoredValue.enumeration($0, as: StatementCalculator.HoursBasis.self, column: "invoices.statement_basis")
            },
            hours: try StoredValue.optionalDecimal(try r[index + 4].decode(String?.self), column: "invoices.statement_hours")
        )
    }
}

extension PostgresInvoiceRepository {
    /// `[["a","b"],…]` as pairs of text; anything else is no pairs.
    static func pairs(_ json: String) -> [(String, String)] {
        let array = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]]) ?? []
        return array.compactMap { pair in
            guard pair.count == 2, let first = pair[0] as? String, let second = pair[1] as? String else { return nil }
            return (first, second)
        }
    }
}
