import Foundation

/// The invoice use cases that take several steps: actions on many invoices at once (with an
/// idempotency key) and the month's statements.
package struct InvoiceService: Sendable {
    package let invoices: any InvoiceRepository
    package let idempotency: any IdempotencyStore
    package let clock: any AppClock
    /// At the top of every statement.
    package let companyName: String
    /// Whether an approval over failing checks and a bank account's confirmation wait for a second admin.
    package let fourEyes: FourEyesRule

    package init(
        invoices: any InvoiceRepository, idempotency: any IdempotencyStore, clock: any AppClock, companyName: String,
        fourEyes: FourEyesRule = .off()
    ) {
        self.invoices = invoices
        self.idempotency = idempotency
        self.clock = clock
        self.companyName = companyName
        self.fourEyes = fourEyes
    }

    // MARK: One invoice

    /// An admin's action on one invoice, for the API and the desk: an approval over failing
    /// checks is decided under the four-eyes rule as it stands.
    package func act(invoiceId: UUID, command: InvoiceCommand) async throws -> InvoiceOutcome? {
        var command = command
        if command.override { command.fourEyes = try await fourEyes.standing() }
        return try await invoices.act(invoiceId: invoiceId, command: command)
    }

    /// An admin's confirmation of an invoice's changed bank account, under the four-eyes rule.
    package func confirmBankAccount(invoiceId: UUID, condition: VersionCondition, actorId: UUID) async throws -> InvoiceOutcome? {
        try await invoices.confirmBankAccount(
            invoiceId: invoiceId, condition: condition, actorId: actorId, fourEyes: try await fourEyes.standing(), now: clock.now())
    }

    // MARK: Bulk actions

    /// Which invoices a bulk action is for.
    package enum BulkTarget: Sendable, Equatable {
        /// These ids as the caller wrote them (one that is not an id is skipped, not fatal).
        case ids([String])
        /// Every invoice of a month, in one state or any.
        case filter(period: CalendarMonth, state: InvoiceState?)
    }

    package struct BulkReport: Codable, Sendable, Equatable {
        package enum Outcome: String, Codable, Sendable {
            case done, skipped
        }

        /// Why an item was skipped: the words are the same as for one invoice (the caller's
        /// language chooses them where the answer is written).
        package enum Skip: Codable, Sendable, Equatable {
            case notAnInvoiceId
            case notFound
            case refused(InvoiceRefusal)
        }

        package struct Item: Codable, Sendable, Equatable {
            package var invoiceId: String
            package var outcome: Outcome
            package var state: InvoiceState?
            package var skip: Skip?

            package init(invoiceId: String, outcome: Outcome, state: InvoiceState? = nil, skip: Skip? = nil) {
                self.invoiceId = invoiceId
                self.outcome = outcome
                self.state = state
                self.skip = skip
            }
        }

        package var done: Int
        package var skipped: Int
        package var items: [Item]

        package init(items: [Item]) {
            self.items = items
            done = items.filter { $0.outcome == .done }.count
            skipped = items.count - done
        }
    }

    /// Applies `action` to each target in its own transaction; an invoice that cannot take it is
    /// skipped with the reason. With an idempotent request, a retry gets the first report.
    package func bulk(
        _ action: InvoiceAction, target: BulkTarget, reason: String?, actorId: UUID, idempotency request: IdempotentRequest?
    ) async throws -> BulkReport {
        if let request, case .replay(let answer) = try await idempotency.claim(request, now: clock.now()) {
            guard let body = answer.body, let report = try? JSONDecoder().decode(BulkReport.self, from: body) else {
                throw StoreError.malformedRow(column: "idempotency_keys.response_body")
            }
            return report
        }
        do {
            let report = try await apply(action, to: target, reason: reason, actorId: actorId)
            if let request {
                try await idempotency.complete(request, answer: IdempotentAnswer(outcome: "done", body: try JSONEncoder().encode(report)))
            }
            return report
        } catch {
            if let request { try? await idempotency.release(request) }
            throw error
        }
    }

    private func apply(_ action: InvoiceAction, to target: BulkTarget, reason: String?, actorId: UUID) async throws -> BulkReport {
        let targets: [(text: String, id: UUID?)]
        switch target {
        case .ids(let texts):
            targets = texts.map { ($0, UUID(uuidString: $0)) }
        case .filter(let period, let state):
            targets = try await invoices.ids(period: period, state: state).map { ($0.lowercasedString, $0) }
        }
        var items: [BulkReport.Item] = []
        for target in targets {
            guard let id = target.id else {
                items.append(.init(invoiceId: target.text, outcome: .skipped, skip: .notAnInvoiceId))
                continue
            }
            // The same command as one invoice's action, decided by the same engine.
            let command = InvoiceCommand(action, by: .admin, actorId: actorId, reason: reason, now: clock.now())
            do {
                guard let acted = try await invoices.act(invoiceId: id, command: command) else {
                    items.append(.init(invoiceId: target.text, outcome: .skipped, skip: .notFound))
                    continue
                }
                items.append(.init(invoiceId: target.text, outcome: .done, state: acted.invoice.state))
            } catch let refusal as InvoiceRefusal {
                items.append(.init(invoiceId: target.text, outcome: .skipped, state: refusal.state, skip: .refused(refusal)))
            }
        }
        return BulkReport(items: items)
    }

    // MARK: Statements

    package struct StatementItem: Sendable, Equatable {
        package enum Outcome: Sendable, Equatable {
            case created(invoiceId: UUID)
            case regenerated(invoiceId: UUID)
            case unchanged(invoiceId: UUID)
            case skipped(reason: String)
        }

        package var personId: UUID
        package var outcome: Outcome
        package var hours: Decimal?
        package var amount: Decimal?
    }

    /// Generates (or regenerates) the month's statement of everyone with an HPP, DPP or DPC
    /// contract in it (only `personId`, when given). `givenHours` replaces the capacity rule for
    /// the people it names; a statement generated from given hours keeps them until new ones
    /// are given.
    package func generateStatements(
        month: CalendarMonth, givenHours: [UUID: Decimal], actorId: UUID?, personId only: UUID? = nil
    ) async throws -> [StatementItem] {
        guard month <= CalendarDay(clock.now()).calendarMonth else { throw InvoiceError.futurePeriod }
        let candidates = try await invoices.statementCandidates(month: month, personId: only)
        let known = Set(candidates.map(\.person.id))
        if let stranger = givenHours.keys.sorted(by: { $0.lowercasedString < $1.lowercasedString }).first(where: { !known.contains($0) }) {
            throw InvoiceError.noStatementContract(personId: stranger, month: month)
        }
        var items: [StatementItem] = []
        for candidate in candidates {
            let personId = candidate.person.id
            let keptHours = candidate.existing.flatMap { $0.basis == .given ? $0.hours : nil }
            let computed = StatementCalculator.compute(
                month: month, covered: candidate.covers, weeklyCapacity: candidate.weeklyCapacity,
                rates: candidate.rates, givenHours: givenHours[personId] ?? keptHours, trackedHours: candidate.trackedHours,
                timeOff: candidate.timeOff
            )
            switch computed {
            case .failure(.noWorkingDays):
                items.append(StatementItem(personId: personId, outcome: .skipped(reason: "no working days under the contract")))
            case .failure(.noRate(let day)):
                items.append(StatementItem(personId: personId, outcome: .skipped(reason: "no hourly rate on \(day.iso)")))
            case .success(let statement):
                let workbook = InvoiceDocuments.statement(
                    statement, company: companyName, person: "\(candidate.person.firstName) \(candidate.person.lastName)",
                    email: candidate.person.email, month: month, contracts: candidate.contractTypes,
                    projects: statement.basis == .tracked ? candidate.projectHours : []
                )
                let saved = try await invoices.saveStatement(
                    personId: personId, month: month, statement: statement, workbook: workbook.data(), actorId: actorId, now: clock.now()
                )
                let outcome: StatementItem.Outcome =
                    switch saved {
                    case .created(let id): .created(invoiceId: id)
                    case .regenerated(let id): .regenerated(invoiceId: id)
                    case .unchanged(let id): .unchanged(invoiceId: id)
                    case .skipped(let reason): .skipped(reason: reason)
                    }
                if case .skipped = outcome {
                    items.append(StatementItem(personId: personId, outcome: outcome))
                } else {
                    items.append(StatementItem(personId: personId, outcome: outcome, hours: statement.hours, amount: statement.amount))
                }
            }
        }
        return items
    }
}
