import Foundation
import StaffbookAPI
import StaffbookCore

/// Entries and presses a device made offline, sent later in one batch.
extension TimeAPI {
    func applyMyTimeEntryBatch(_ input: Operations.ApplyMyTimeEntryBatch.Input) async throws -> Operations.ApplyMyTimeEntryBatch.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        guard body.items.count <= TimeService.maximumBatch else {
            throw Problem.field("body.items", "too_many", TimeTexts.batchTooLarge)
        }
        var seen: Set<UUID> = []
        var answers: [Components.Schemas.TimeEntryBatchOutcome] = []
        answers.reserveCapacity(body.items.count)
        for (index, item) in body.items.enumerated() {
            let prefix = "body.items[\(index)]"
            let outcome: BatchOutcome
            switch Self.batchItem(item, prefix: prefix, seen: &seen) {
            case .failure(let problem):
                answers.append(.init(id: item.id, outcome: .invalid, problem: Self.schema(problem)))
                continue
            case .success(.entry(let entry)): outcome = try await timeService.apply(entry, personId: caller.accountId)
            case .success(.press(let press)): outcome = try await timeService.apply(press, personId: caller.accountId)
            }
            answers.append(try await answer(outcome, id: item.id, prefix: prefix))
        }
        let running = try await timeEntries.running(personId: caller.accountId)
        return .ok(.init(body: .json(.init(items: answers, timer: TimeSchemas.timer(TimerState(running: running))))))
    }

    private enum BatchItem {
        case entry(BatchEntry)
        case press(BatchPress)
    }

    /// An item as the rules of entries (or presses) read it, or the problem with its fields.
    private static func batchItem(
        _ item: Components.Schemas.TimeEntryBatchItem, prefix: String, seen: inout Set<UUID>
    ) -> Result<BatchItem, Problem> {
        var validation = InputValidation()
        let id = validation.uuid(item.id, field: "\(prefix).id")
        if let id, !seen.insert(id).inserted { validation.fail("\(prefix).id", "duplicate", TimeTexts.batchDuplicateId) }
        let text = validation.entryText(description: item.description ?? "", tags: item.tags ?? [], in: prefix)
        let (description, tags) = (text.description ?? "", text.tags ?? [])
        let projectId = item.projectId.flatMap { validation.uuid($0, field: "\(prefix).projectId") }
        let button = item.press.flatMap { TimeService.TimerButton(rawValue: $0.rawValue) }
        if let button {
            if item.at == nil { validation.fail("\(prefix).at", "required", FieldTexts.required) }
            if button == .start, item.projectId == nil { validation.fail("\(prefix).projectId", "required", FieldTexts.required) }
            for (field, value) in [("start", item.start), ("end", item.end)] where value != nil {
                validation.fail("\(prefix).\(field)", "not_for_press", TimeTexts.batchNotForPress)
            }
        } else {
            if item.projectId == nil { validation.fail("\(prefix).projectId", "required", FieldTexts.required) }
            if item.start == nil { validation.fail("\(prefix).start", "required", FieldTexts.required) }
            if item.end == nil { validation.fail("\(prefix).end", "required", FieldTexts.required) }
        }
        var condition: VersionCondition?
        if let ifMatch = item.ifMatch {
            condition = EntityTags.writeCondition(ifMatch: ifMatch)
            if condition == nil { validation.fail("\(prefix).ifMatch", "syntax", TimeTexts.batchIfMatch) }
        }
        if !validation.errors.isEmpty { return .failure(Problem(.validationFailed, fieldErrors: validation.errors)) }
        guard let id else { return .failure(Problem(.validationFailed)) }
        if let button, let at = item.at {
            let start = projectId.map { TimeService.TimerRequest(projectId: $0, description: description, tags: tags) }
            return .success(.press(BatchPress(id: id, button: button, at: at, start: start)))
        }
        guard let projectId, let start = item.start, let end = item.end else { return .failure(Problem(.validationFailed)) }
        let fields = TimeEntryFields(projectId: projectId, description: description, start: start, end: end, tags: tags, billable: item.billable)
        return .success(.entry(BatchEntry(id: id, condition: condition, fields: fields)))
    }

    private func answer(_ outcome: BatchOutcome, id: String, prefix: String) async throws -> Components.Schemas.TimeEntryBatchOutcome {
        func with(_ kind: Components.Schemas.TimeEntryBatchOutcome.OutcomePayload, _ entry: TimeEntry?) -> Components.Schemas.TimeEntryBatchOutcome {
            .init(id: id, outcome: kind, entry: entry.map(TimeSchemas.entry), etag: entry?.etag)
        }
        switch outcome {
        case .created(let entry): return with(.created, entry)
        case .updated(let entry): return with(.updated, entry)
        case .unchanged(let entry): return with(.unchanged, entry)
        case .stale(let entry): return with(.stale, entry)
        case .refused(let error):
            var problem = Problem(time: error)
            problem.fieldErrors = problem.fieldErrors.map {
                var field = $0
                if field.field.hasPrefix("body.") { field.field = prefix + "." + field.field.dropFirst("body.".count) }
                return field
            }
            var inTheWay: TimeEntry?
            if case .overlap(let entryId?, _, _) = error { inTheWay = try await timeEntries.entry(id: entryId) }
            let kind: Components.Schemas.TimeEntryBatchOutcome.OutcomePayload = problem.status == .conflict ? .conflict : .invalid
            return .init(id: id, outcome: kind, entry: inTheWay.map(TimeSchemas.entry), etag: inTheWay?.etag, problem: Self.schema(problem))
        }
    }

    /// A problem inside an answer, in the caller's language.
    private static func schema(_ problem: Problem) -> Components.Schemas.Problem {
        let body = ProblemBody(problem: problem, language: RequestScope.current.language, instance: nil, requestId: nil)
        return .init(
            _type: body.type, title: body.title, status: body.status, detail: body.detail,
            errors: body.errors?.map { .init(field: $0.field, code: $0.code, message: $0.message) }
        )
    }
}
