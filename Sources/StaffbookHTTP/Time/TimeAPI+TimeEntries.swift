import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// A person's time entries: their own, and (for leaders and admins) other people's.
extension TimeAPI {
    func listMyTimeEntries(_ input: Operations.ListMyTimeEntries.Input) async throws -> Operations.ListMyTimeEntries.Output {
        let caller = try RequestScope.requireCaller()
        let query = input.query
        let (rows, page) = try await entryPage(
            personId: caller.accountId, limit: query.limit, cursor: query.cursor, offset: query.offset, from: query.from, to: query.to,
            projectId: query.projectId
        )
        return .ok(.init(headers: .init(link: page.linkHeader(requestURI: RequestScope.current.uri)), body: .json(rows)))
    }

    func listUserTimeEntries(_ input: Operations.ListUserTimeEntries.Input) async throws -> Operations.ListUserTimeEntries.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        try await visibility.requireVisible(id, to: caller)
        let query = input.query
        let (rows, page) = try await entryPage(
            personId: id, limit: query.limit, cursor: query.cursor, offset: query.offset, from: query.from, to: query.to,
            projectId: query.projectId
        )
        return .ok(.init(headers: .init(link: page.linkHeader(requestURI: RequestScope.current.uri)), body: .json(rows)))
    }

    private func entryPage(
        personId: UUID, limit: Int?, cursor: String?, offset: Int?, from: String?, to: String?, projectId: String?
    ) async throws -> (Components.Schemas.TimeEntryList, Page<TimeEntry>) {
        let page = try PageRequest<EntryPosition>(limit: limit, cursor: cursor, offset: offset)
        var validation = InputValidation()
        let range = validation.dayRange(from: from, to: to, maxDays: 3660)
        let project = projectId.flatMap { validation.uuid($0, field: "query.projectId") }
        try validation.check()
        let rows = try await timeEntries.entries(personId: personId, range: range, projectId: project, page: page)
        let result = Page(rows: rows, limit: page.limit) { EntryPosition(start: Int($0.start.timeIntervalSince1970), id: $0.id) }
        return (.init(items: result.items.map(TimeSchemas.entry), nextCursor: result.nextCursor), result)
    }

    func createMyTimeEntry(_ input: Operations.CreateMyTimeEntry.Input) async throws -> Operations.CreateMyTimeEntry.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let text = validation.entryText(description: body.description ?? "", tags: body.tags ?? [])
        let (description, tags) = (text.description ?? "", text.tags ?? [])
        let projectId = try validation.values { $0.uuid(body.projectId, field: "body.projectId") }
        let entry = try await timeService.create(
            personId: caller.accountId,
            fields: TimeEntryFields(
                projectId: projectId, description: description, start: body.start, end: body.end, tags: tags, billable: body.billable
            ),
            actor: TimeActor(callerId: caller.accountId, isAdmin: false)
        )
        return .created(.init(headers: .init(eTag: entry.etag), body: .json(TimeSchemas.entry(entry))))
    }

    func updateMyTimeEntry(_ input: Operations.UpdateMyTimeEntry.Input) async throws -> Operations.UpdateMyTimeEntry.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let entry = try await patchEntry(
            personId: caller.accountId, entryId: input.path.entryId, body: body, ifMatch: input.headers.ifMatch,
            actor: TimeActor(callerId: caller.accountId, isAdmin: false)
        )
        return .ok(.init(headers: .init(eTag: entry.etag), body: .json(TimeSchemas.entry(entry))))
    }

    func updateUserTimeEntry(_ input: Operations.UpdateUserTimeEntry.Input) async throws -> Operations.UpdateUserTimeEntry.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let reason = validation.optionalText(body.reason, field: "body.reason", maxLength: 500)
        try validation.check()
        let entry = try await patchEntry(
            personId: personId, entryId: input.path.entryId, body: body, ifMatch: input.headers.ifMatch,
            actor: TimeActor(callerId: caller.accountId, isAdmin: true, reason: reason.nilIfEmpty)
        )
        return .ok(.init(headers: .init(eTag: entry.etag), body: .json(TimeSchemas.entry(entry))))
    }

    private func patchEntry(
        personId: UUID, entryId: String, body: Components.Schemas.TimeEntryPatch, ifMatch: String?, actor: TimeActor
    ) async throws -> TimeEntry {
        let id = try InputValidation.pathID(entryId)
        var validation = InputValidation()
        let projectId = body.projectId.flatMap { validation.uuid($0, field: "body.projectId") }
        let (description, tags) = validation.entryText(description: body.description, tags: body.tags)
        try validation.check()
        let condition = try EntityTags.requiredWriteCondition(ifMatch: ifMatch)
        let patch = TimeEntryPatch(
            projectId: projectId, description: description, start: body.start, end: body.end, tags: tags, billable: body.billable
        )
        switch try await timeService.update(entryId: id, personId: personId, condition: condition, patch: patch, actor: actor) {
        case .notFound: throw Problem(.notFound)
        case .stale: throw Problem(.preconditionFailed)
        case .written(let entry): return entry
        }
    }

    func deleteMyTimeEntry(_ input: Operations.DeleteMyTimeEntry.Input) async throws -> Operations.DeleteMyTimeEntry.Output {
        let caller = try RequestScope.requireCaller()
        try await removeEntry(
            personId: caller.accountId, entryId: input.path.entryId, ifMatch: input.headers.ifMatch,
            actor: TimeActor(callerId: caller.accountId, isAdmin: false)
        )
        return .noContent(.init())
    }

    func deleteUserTimeEntry(_ input: Operations.DeleteUserTimeEntry.Input) async throws -> Operations.DeleteUserTimeEntry.Output {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(input.path.userId)
        var validation = InputValidation()
        let reason = validation.optionalText(input.query.reason, field: "query.reason", maxLength: 500)
        try validation.check()
        try await removeEntry(
            personId: personId, entryId: input.path.entryId, ifMatch: input.headers.ifMatch,
            actor: TimeActor(callerId: caller.accountId, isAdmin: true, reason: reason.nilIfEmpty)
        )
        return .noContent(.init())
    }

    private func removeEntry(personId: UUID, entryId: String, ifMatch: String?, actor: TimeActor) async throws {
        let id = try InputValidation.pathID(entryId)
        let condition = try EntityTags.requiredWriteCondition(ifMatch: ifMatch)
        switch try await timeService.delete(entryId: id, personId: personId, condition: condition, actor: actor) {
        case .notFound: throw Problem(.notFound)
        case .stale: throw Problem(.preconditionFailed)
        case .written: return
        }
    }

    // MARK: The timer

    func getMyTimer(_ input: Operations.GetMyTimer.Input) async throws -> Operations.GetMyTimer.Output {
        let caller = try RequestScope.requireCaller()
        let running = try await timeEntries.running(personId: caller.accountId)
        return .ok(.init(body: .json(TimeSchemas.timer(TimerState(running: running)))))
    }

    func updateMyTimer(_ input: Operations.UpdateMyTimer.Input) async throws -> Operations.UpdateMyTimer.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let text = validation.entryText(description: body.description, tags: body.tags)
        let projectId = body.projectId.flatMap { validation.uuid($0, field: "body.projectId") }
        try validation.check()
        guard
            let state = try await timeService.editTimer(
                personId: caller.accountId, start: body.start, projectId: projectId, description: text.description, tags: text.tags
            )
        else { throw Problem(.notFound) }
        return .ok(.init(body: .json(TimeSchemas.timer(state))))
    }

    func startMyTimer(_ input: Operations.StartMyTimer.Input) async throws -> Operations.StartMyTimer.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        let text = validation.entryText(description: body.description ?? "", tags: body.tags ?? [])
        let (description, tags) = (text.description ?? "", text.tags ?? [])
        let key = validation.optionalText(input.headers.idempotencyKey, field: "header.Idempotency-Key", maxLength: 200)
        let projectId = try validation.values { $0.uuid(body.projectId, field: "body.projectId") }
        let request = idempotencyKeys.request(
            key, accountId: caller.accountId, scope: "timer-start",
            parts: [projectId.lowercasedString, description, tags.joined(separator: ","), body.at.map { $0.formatted(.iso8601) } ?? ""]
        )
        let state = try await timeService.press(
            .start, personId: caller.accountId, at: body.at, start: .init(projectId: projectId, description: description, tags: tags),
            idempotency: request
        )
        return .ok(.init(body: .json(TimeSchemas.timer(state))))
    }

    func stopMyTimer(_ input: Operations.StopMyTimer.Input) async throws -> Operations.StopMyTimer.Output {
        let at: Date? = if case .json(let body)? = input.body { body.at } else { nil }
        let state = try await press(.stop, at: at, key: input.headers.idempotencyKey)
        return .ok(.init(body: .json(TimeSchemas.timer(state))))
    }

    func cancelMyTimer(_ input: Operations.CancelMyTimer.Input) async throws -> Operations.CancelMyTimer.Output {
        let at: Date? = if case .json(let body)? = input.body { body.at } else { nil }
        let state = try await press(.cancel, at: at, key: input.headers.idempotencyKey)
        return .ok(.init(body: .json(TimeSchemas.timer(state))))
    }

    private func press(_ button: TimeService.TimerButton, at: Date?, key: String?) async throws -> TimerState {
        let caller = try RequestScope.requireCaller()
        var validation = InputValidation()
        let key = validation.optionalText(key, field: "header.Idempotency-Key", maxLength: 200)
        try validation.check()
        let request = idempotencyKeys.request(
            key, accountId: caller.accountId, scope: "timer-\(button.rawValue)", parts: [at.map { $0.formatted(.iso8601) } ?? ""]
        )
        return try await timeService.press(button, personId: caller.accountId, at: at, idempotency: request)
    }
}
