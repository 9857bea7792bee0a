import Foundation
import Logging
import PostgresNIO
import StaffbookCore

package struct PostgresInvoiceRepository: InvoiceRepository {
    package let database: DatabasePool
    package let logger: Logger
    /// Where the accountant's export reads, when there is a replica close enough behind.
    let reads: ReadReplica?

    package init(database: DatabasePool, logger: Logger, reads: ReadReplica? = nil) {
        self.database = database
        self.logger = logger
        self.reads = reads
    }

    /// How many columns `columns` has: what a query selects after them starts here.
    package static let columnCount = InvoiceColumn.count

    /// The columns `invoice(_:)` reads, in its order; never the file's bytes.
    package static let columns = InvoiceColumn.list(invoice: "i", account: "a", file: "f")
    package static let from = """
        invoices i JOIN accounts a ON a.id = i.account_id JOIN invoice_files f ON f.id = i.current_file_id
        """

    package static func invoice(_ row: PostgresRow) throws -> Invoice {
        let r = row.makeRandomAccess()
        func cell(_ column: InvoiceColumn) -> PostgresCell { r[column.rawValue] }
        var invoice = Invoice(
            id: try cell(.id).decode(UUID.self), personId: try cell(.personId).decode(UUID.self),
            firstName: try cell(.firstName).decode(String.self), lastName: try cell(.lastName).decode(String.self),
            email: try cell(.email).decode(String.self),
            period: try StoredValue.month(try cell(.period).decode(String.self), column: "invoices.period"),
            state: try StoredValue.enumeration(try cell(.state).decode(String.self), column: "invoices.state"),
            kind: try StoredValue.enumeration(try cell(.kind).decode(String.self), column: "invoices.kind"),
            amount: try StoredValue.decimal(try cell(.amount).decode(String.self), column: "invoices.amount"),
            statementHours: try StoredValue.optionalDecimal(try cell(.statementHours).decode(String?.self), column: "invoices.statement_hours"),
            statementRate: try StoredValue.optionalDecimal(try cell(.statementRate).decode(String?.self), column: "invoices.statement_rate"),
            version: try cell(.version).decode(Int.self), returnReason: try cell(.returnReason).decode(String?.self),
            file: InvoiceFile(
                id: try cell(.fileId).decode(UUID.self), mediaType: try cell(.fileMediaType).decode(String.self),
                size: try cell(.fileSize).decode(Int.self), sha256: try cell(.fileSHA256).decode(String.self)
            ),
            submittedAt: try cell(.submittedAt).decode(Date.self), approvedAt: try cell(.approvedAt).decode(Date?.self),
            paidAt: try cell(.paidAt).decode(Date?.self), exportedAt: try cell(.exportedAt).decode(Date?.self)
        )
        try decodeData(r, from: InvoiceColumn.allCases.count, into: &invoice)
        return invoice
    }

    package func fileContent(invoiceId: UUID) async throws -> (invoice: Invoice, bytes: Data)? {
        let logger = self.logger
        return try await database.withConnection { connection in
            for try await (invoice, content) in try await connection.execute(InvoiceFileStatement(key: invoiceId), logger: logger) {
                return (invoice, content)
            }
            return nil
        }
    }

    /// The columns of a list page (`invoice(_:)`'s order), from the page's rows (an invoice with
    /// its person's names) and their files.
    static let pageColumns = InvoiceColumn.list(invoice: "page", account: "page", file: "f")

    package func list(filter: InvoiceFilter, page: PageRequest<InvoicePosition>) async throws -> [Invoice] {
        let logger = self.logger
        let shape = InvoiceListShape(filter: filter, page: page)
        let after = page.after
        return try await database.withConnection { connection in
            guard shape.isPrepared else {
                let query = PostgresQuery(unsafeSQL: shape.sql, binds: shape.bindings(filter: filter, after: after))
                return try await connection.query(query, logger: logger).collect().map(Self.invoice)
            }
            func run<Shape: InvoiceListShapeType>(_: Shape.Type) async throws -> [Invoice] {
                var invoices: [Invoice] = []
                let statement = InvoiceListStatement<Shape>(filter: filter, after: after)
                for try await invoice in try await connection.execute(statement, logger: logger) { invoices.append(invoice) }
                return invoices
            }
            return try await run(InvoiceListShape.type(bits: shape.bits))
        }
    }

    package func listJSON(
        filter: InvoiceFilter, page: PageRequest<InvoicePosition>, view: InvoiceListView
    ) async throws -> WrittenPage<InvoicePosition> {
        let logger = self.logger
        let shape = InvoiceListShape(filter: filter, page: page)
        let after = page.after
        return try await database.withConnection { connection in
            guard shape.isPrepared else {
                let query = PostgresQuery(unsafeSQL: shape.jsonSQL, binds: shape.jsonBindings(filter: filter, after: after, view: view))
                for try await row in try await connection.query(query, logger: logger).decode(InvoiceListJSONStatement<ShapeEnd>.Row.self) {
                    return InvoiceListShape.page(row)
                }
                return WrittenPage(items: Array("[]".utf8), next: nil)
            }
            func run<Shape: InvoiceListShapeType>(_: Shape.Type) async throws -> WrittenPage<InvoicePosition> {
                let statement = InvoiceListJSONStatement<Shape>(filter: filter, after: after, view: view)
                for try await row in try await connection.execute(statement, logger: logger) { return InvoiceListShape.page(row) }
                return WrittenPage(items: Array("[]".utf8), next: nil)
            }
            return try await run(InvoiceListShape.type(bits: shape.bits))
        }
    }

    package func find(id: UUID) async throws -> Invoice? {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await Self.find(id: id, on: connection, logger: logger)
        }
    }

    package static func find(id: UUID, on connection: PostgresConnection, logger: Logger) async throws -> Invoice? {
        for try await invoice in try await connection.execute(InvoiceByIdStatement(key: id), logger: logger) { return invoice }
        return nil
    }

    package func events(invoiceId: UUID) async throws -> [InvoiceEvent] {
        let logger = self.logger
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT e.at, e.actor_id, e.action, e.from_state, e.to_state, e.reason, a.first_name || ' ' || a.last_name
                FROM invoice_events e LEFT JOIN accounts a ON a.id = e.actor_id WHERE e.invoice_id = \(invoiceId) ORDER BY e.at, e.id
                """,
                logger: logger
            )
            var events: [InvoiceEvent] = []
            for try await (at, actor, action, from, to, reason, name) in rows.decode((Date, UUID?, String, String?, String, String?, String?).self) {
                var event = InvoiceEvent(
                    at: at, actorId: actor, action: action,
                    from: try from.map { try StoredValue.enumeration($0, as: InvoiceState.self, column: "invoice_events.from_state") },
                    to: try StoredValue.enumeration(to, column: "invoice_events.to_state"), reason: reason
                )
                event.actorName = name
                events.append(event)
            }
            return events
        }
    }

    package func act(invoiceId: UUID, command: InvoiceCommand) async throws -> InvoiceOutcome? {
        let logger = self.logger
        return try await database.withTransaction { connection in
            guard let current = try await InvoiceWriter.lock(invoiceId, on: connection, logger: logger) else { return nil }
            let change = try await InvoiceWriter.apply(command, to: current, on: connection, logger: logger)
            return try await Self.find(id: invoiceId, on: connection, logger: logger).map { InvoiceOutcome(invoice: $0, requested: change.isRequest) }
        }
    }

    package func ids(period: CalendarMonth, state: InvoiceState?) async throws -> [UUID] {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                SELECT id FROM invoices WHERE period = \(period.firstDay.iso)::date
                  AND (\(state?.rawValue)::text IS NULL OR state = \(state?.rawValue))
                ORDER BY id
                """,
                logger: logger
            ).collect().map { try $0.decode(UUID.self) }
        }
    }

    package func missing(month: CalendarMonth, query: String?, page: PageRequest<NamePosition>) async throws -> [InvoicePerson] {
        let logger = self.logger
        let after = page.after
        let term = query.map(PostgresPeopleRepository.searchTerm)
        return try await database.withConnection { connection in
            let rows = try await connection.query(
                """
                SELECT a.id, a.first_name, a.last_name, a.email::text FROM accounts a
                WHERE EXISTS (SELECT 1 FROM contracts c WHERE c.account_id = a.id AND c.type = 'ICO'
                              AND c.valid_from <= \(month.lastDay.iso)::date
                              AND (c.valid_to IS NULL OR c.valid_to >= \(month.firstDay.iso)::date))
                  AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.id AND i.period = \(month.firstDay.iso)::date)
                  AND (\(term)::text IS NULL OR a.search_text LIKE name_search_pattern(\(term)))
                  AND (\(after?.id)::uuid IS NULL
                       OR (a.last_name COLLATE czech, a.first_name COLLATE czech, a.id)
                          > (\(after?.lastName)::text COLLATE czech, \(after?.firstName)::text COLLATE czech, \(after?.id)::uuid))
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                LIMIT \(page.fetchLimit) OFFSET \(page.offset)
                """,
                logger: logger
            )
            var people: [InvoicePerson] = []
            for try await (id, first, last, email) in rows.decode((UUID, String, String, String).self) {
                people.append(InvoicePerson(id: id, firstName: first, lastName: last, email: email))
            }
            return people
        }
    }

    /// The accountant's export: from the replica when it is within the allowed lag (a file
    /// cannot say how fresh it is, so a lagging replica leaves the export to the primary).
    package func approved(month: CalendarMonth) async throws -> [Invoice] {
        let logger = self.logger
        let read: @Sendable (PostgresConnection) async throws -> [Invoice] = { connection in
            try await connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM \(unescaped: Self.from)
                WHERE i.period = \(month.firstDay.iso)::date AND i.state = 'approved'
                ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id
                """,
                logger: logger
            ).collect().map(Self.invoice)
        }
        if let reads { return try await reads.readCurrent(read) }
        return try await database.withConnection(read)
    }

    package func markExported(month: CalendarMonth, now: Date) async throws -> Int {
        let logger = self.logger
        return try await database.withConnection { connection in
            try await connection.query(
                """
                UPDATE invoices SET exported_at = \(now), updated_at = \(now)
                WHERE period = \(month.firstDay.iso)::date AND state = 'approved'
                RETURNING id
                """,
                logger: logger
            ).collect().count
        }
    }
}
