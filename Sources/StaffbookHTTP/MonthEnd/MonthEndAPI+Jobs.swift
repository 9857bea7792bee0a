import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/jobs*` and `/v1/settings/reminders`: the month-end, for admins.
extension MonthEndAPI {
    func listJobs(_ input: Operations.ListJobs.Input) async throws -> Operations.ListJobs.Output {
        let query = input.query
        let page = try PageRequest<CreatedPosition>(limit: query.limit, cursor: query.cursor, offset: query.offset)
        let rows = try await jobs.list(
            kind: query.kind.flatMap { JobKind(rawValue: $0.rawValue) }, state: query.state.flatMap { JobState(rawValue: $0.rawValue) },
            page: page
        )
        let result = Page(rows: rows, limit: page.limit) { CreatedPosition(createdAt: $0.createdAt, id: $0.id) }
        return .ok(
            .init(
                headers: .init(link: result.linkHeader(requestURI: RequestScope.current.uri)),
                body: .json(.init(items: result.items.map(Self.job), nextCursor: result.nextCursor))
            ))
    }

    func runJob(_ input: Operations.RunJob.Input) async throws -> Operations.RunJob.Output {
        guard let kind = JobKind(rawValue: input.path.kind.rawValue), JobKind.runnableByAdmins.contains(kind) else {
            throw Problem(.notFound)
        }
        let now = clock.now()
        guard let queued = try await jobs.enqueue(NewJob.runNow(kind, on: today, at: now), now: now) else { throw Problem(.internalError) }
        return .accepted(.init(body: .json(Self.job(queued))))
    }

    func getReminderSettings(_ input: Operations.GetReminderSettings.Input) async throws -> Operations.GetReminderSettings.Output {
        let settings = try await monthEndStore.reminderSettings()
        return .ok(.init(body: .json(.init(first: settings.first, every: settings.every, max: settings.max))))
    }

    func putReminderSettings(_ input: Operations.PutReminderSettings.Input) async throws -> Operations.PutReminderSettings.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        for (field, value, range) in [
            ("body.first", body.first, ReminderSettings.allowedFirst), ("body.every", body.every, ReminderSettings.allowedEvery),
            ("body.max", body.max, ReminderSettings.allowedMax),
        ] where !range.contains(value) {
            validation.fail(
                field, "range", FieldTexts.between(range.lowerBound, range.upperBound))
        }
        try validation.check()
        let settings = ReminderSettings(first: body.first, every: body.every, max: body.max)
        try await monthEndStore.saveReminderSettings(settings, by: caller.accountId, now: clock.now())
        return .ok(.init(body: .json(.init(first: settings.first, every: settings.every, max: settings.max))))
    }

    private static func job(_ job: Job) -> Components.Schemas.Job {
        .init(
            id: job.id.lowercasedString, kind: Components.Schemas.JobKind(rawValue: job.kind.rawValue) ?? .statements, key: job.key,
            state: Components.Schemas.JobState(rawValue: job.state.rawValue) ?? .pending, runAt: job.runAt, attempts: job.attempts,
            maxAttempts: job.maxAttempts, lastError: job.lastError, createdAt: job.createdAt, startedAt: job.startedAt, finishedAt: job.finishedAt
        )
    }
}
