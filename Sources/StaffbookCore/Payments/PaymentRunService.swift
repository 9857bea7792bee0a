import Foundation

/// The pay run's use cases: a run from the approved invoices, its bank file, and a statement
/// that pays it.
package struct PaymentRunService: Sendable {
    package let runs: any PaymentRunRepository
    package let idempotency: any IdempotencyStore
    package let clock: any AppClock
    /// Where statements are parsed: off the threads that serve requests.
    package let parsing: any BlockingWork
    /// Whether a new run's file waits for a second admin.
    package let fourEyes: FourEyesRule

    package init(
        runs: any PaymentRunRepository, idempotency: any IdempotencyStore, clock: any AppClock, parsing: any BlockingWork = InlineWork(),
        fourEyes: FourEyesRule = .off()
    ) {
        self.runs = runs
        self.idempotency = idempotency
        self.clock = clock
        self.parsing = parsing
        self.fourEyes = fourEyes
    }

    /// A second admin approves a run made under the four-eyes rule; its file is released.
    package func approve(runId: UUID, actorId: UUID) async throws -> PaymentRun? {
        switch try await runs.approve(runId: runId, actorId: actorId, fourEyes: fourEyes.settings, now: clock.now()) {
        case .done(let run): return run
        case .refused(let state): throw PaymentRunError.refused(state)
        case .notFound: return nil
        }
    }

    package struct Creation: Sendable, Equatable {
        package var run: PaymentRun
        package var excluded: [PaymentExclusion]
    }

    /// What a retried request with the same key is answered from.
    private struct Remembered: Codable {
        var runId: UUID
        var excluded: [PaymentExclusion]
    }

    /// A run of the selected invoices that can be paid; the others are listed with why. With an
    /// idempotent request, a retry gets the same run.
    package func create(selection: PaymentSelection, actorId: UUID, idempotency request: IdempotentRequest?) async throws -> Creation {
        try await create(PaymentRunPlan(selection: selection), actorId: actorId, idempotency: request)
    }

    /// A run as planned: the selection without the invoices left out (each noted on its
    /// invoice with why), every payment due on the plan's day when it has one.
    package func create(_ plan: PaymentRunPlan, actorId: UUID, idempotency request: IdempotentRequest?) async throws -> Creation {
        guard try await runs.paymentSettings().payer != nil else { throw PaymentRunError.notConfigured }
        if let request, case .replay(let answer) = try await idempotency.claim(request, now: clock.now()) {
            guard let body = answer.body, let remembered = try? JSONDecoder().decode(Remembered.self, from: body),
                let run = try await runs.find(id: remembered.runId)
            else { throw StoreError.malformedRow(column: "idempotency_keys.response_body") }
            return Creation(run: run, excluded: remembered.excluded)
        }
        do {
            let creation = try await make(plan, actorId: actorId)
            if let request {
                let body = try JSONEncoder().encode(Remembered(runId: creation.run.id, excluded: creation.excluded))
                try await idempotency.complete(request, answer: IdempotentAnswer(outcome: "created", body: body))
            }
            return creation
        } catch {
            if let request { try? await idempotency.release(request) }
            throw error
        }
    }

    private func make(_ plan: PaymentRunPlan, actorId: UUID) async throws -> Creation {
        let today = CalendarDay(clock.now())
        let selection = plan.selection
        if let day = plan.payOn, PaymentRunPlan.payOnProblem(day, today: today) { throw PaymentRunError.payOnOutOfRange }
        let candidates = try await runs.candidates(selection: selection)
        var excluded: [PaymentExclusion] = []
        if case .ids(let texts) = selection {
            let known = Set(candidates.map(\.invoiceId))
            for text in texts where UUID(uuidString: text).map({ !known.contains($0) }) ?? true {
                excluded.append(PaymentExclusion(invoiceId: text, reason: .notFound))
            }
        }
        var items: [PaymentRunItem] = []
        var leftOut: [(invoiceId: UUID, reason: String)] = []
        for candidate in candidates where PaymentRunRules.isSelected(candidate, by: selection, today: today) {
            if let why = plan.leaveOut[candidate.invoiceId] {
                excluded.append(PaymentExclusion(invoiceId: candidate.invoiceId.lowercasedString, reason: .leftOut, note: why))
                leftOut.append((candidate.invoiceId, why))
                continue
            }
            switch PaymentRunRules.item(for: candidate, today: today) {
            case .success(var item):
                if let day = plan.payOn { item.dueDate = day }
                items.append(item)
            case .failure(let exclusion): excluded.append(exclusion)
            }
        }
        guard !items.isEmpty else { throw PaymentRunError.nothingToPay(excluded) }
        let run: PaymentRun, taken: [PaymentRunItem]
        let approvalRequired = try await fourEyes.standing().applies
        do {
            (run, taken) = try await runs.create(
                runId: UUID(), items: items, leftOut: leftOut, actorId: actorId, approvalRequired: approvalRequired, now: clock.now())
        } catch PaymentRunError.nothingToPay(let meanwhile) {
            throw PaymentRunError.nothingToPay(excluded + meanwhile)
        }
        excluded += taken.map { PaymentExclusion(invoiceId: $0.invoiceId.lowercasedString, reason: .inOpenRun) }
        return Creation(run: run, excluded: excluded)
    }

    /// The run's file in `format`: the one kept when it was first written, else written now and
    /// kept. Fetching it marks the run sent (`markSent`: the download is what goes to the bank).
    package func file(runId: UUID, format: BankFileFormat, actorId: UUID, markSent: Bool) async throws -> (run: PaymentRun, file: PaymentRunFile)? {
        guard let run = try await runs.find(id: runId) else { return nil }
        guard run.state != .cancelled else { throw PaymentRunError.refused(run.state) }
        // Approval only ever comes once and is never taken back: a run seen approved stays so.
        guard !run.awaitsApproval else { throw PaymentRunError.awaitingApproval }
        let file: PaymentRunFile
        if let kept = try await runs.file(runId: runId, format: format) {
            file = kept
        } else {
            guard let payer = try await runs.paymentSettings().payer else { throw PaymentRunError.notConfigured }
            let orders = run.items.filter { $0.state != .cancelled }.compactMap(\.order)
            let now = clock.now()
            let content: Data
            do {
                switch format {
                case .abo: content = try ABOFile.write(orders, payer: payer, day: CalendarDay(now), sequence: run.number % 1000)
                case .pain001: content = try Pain001File.write(orders, payer: payer, runId: run.id, now: now, day: CalendarDay(now))
                }
            } catch {
                throw PaymentRunError.unwritable(error)
            }
            file = try await runs.saveFile(runId: runId, format: format, content: content, actorId: actorId, now: now)
        }
        guard markSent, run.state == .draft else { return (run, file) }
        switch try await runs.change(runId: runId, action: .send, affirmation: nil, actorId: actorId, now: clock.now()) {
        case .done(let sent): return (sent, file)
        case .refused(let state): throw PaymentRunError.refused(state)
        case .notFound: return nil
        }
    }

    /// Sends or cancels a run; cancelling one at the bank takes `affirmation` (why the admin
    /// knows the bank did not pay).
    package func change(runId: UUID, action: PaymentRunWorkflow.Action, affirmation: String? = nil, actorId: UUID) async throws -> PaymentRun? {
        switch try await runs.change(runId: runId, action: action, affirmation: affirmation, actorId: actorId, now: clock.now()) {
        case .done(let run): return run
        case .refused(let state): throw PaymentRunError.refused(state)
        case .notFound: return nil
        }
    }

    /// Reads a camt.053 or GPC statement of the company's account and pairs its payments with
    /// the runs at the bank; with `confirm`, the matched invoices become paid.
    package func importStatement(_ bytes: Data, confirm: Bool, actorId: UUID) async throws -> StatementImport {
        guard let payer = try await runs.paymentSettings().payer else { throw PaymentRunError.notConfigured }
        let statement: BankStatement
        do {
            statement = try await parsing.run { () throws(BankStatementProblem) in try BankStatementReader.read(bytes, ourAccount: payer.account) }
        } catch let error as BankStatementProblem {
            throw PaymentRunError.statement(error)
        }
        return try await runs.importStatement(statement, source: bytes, confirm: confirm, actorId: actorId, now: clock.now())
    }
}
