import Foundation
import StaffbookAPI
import StaffbookCore

/// Months of tracked time signed off: the person submits, a leader of their teams (or an
/// admin) approves or returns, an admin reopens; and a team's month for its leaders.
struct TimesheetsAPI: AreaHandler {
    let timesheets: any TimesheetRepository
    let service: TimesheetService
    let clock: any AppClock

    func getMyTimesheet(_ input: Operations.GetMyTimesheet.Input) async throws -> Operations.GetMyTimesheet.Output {
        let caller = try RequestScope.requireCaller()
        let month = try Self.month(input.path.month)
        return .ok(.init(body: .json(TimesheetSchemas.timesheet(try await timesheets.timesheet(personId: caller.accountId, month: month)))))
    }

    func submitMyTimesheet(_ input: Operations.SubmitMyTimesheet.Input) async throws -> Operations.SubmitMyTimesheet.Output {
        let caller = try RequestScope.requireCaller()
        let month = try Self.month(input.path.month)
        let timesheet = try await service.act(.submit, personId: caller.accountId, month: month, reason: nil, caller: caller)
        return .ok(.init(body: .json(TimesheetSchemas.timesheet(timesheet))))
    }

    func approveTimesheet(_ input: Operations.ApproveTimesheet.Input) async throws -> Operations.ApproveTimesheet.Output {
        let reason: String? = if case .json(let body)? = input.body { body.reason } else { nil }
        return .ok(.init(body: .json(try await decide(.approve, userId: input.path.userId, month: input.path.month, reason: reason))))
    }

    func returnTimesheet(_ input: Operations.ReturnTimesheet.Input) async throws -> Operations.ReturnTimesheet.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        return .ok(.init(body: .json(try await decide(.return, userId: input.path.userId, month: input.path.month, reason: body.reason))))
    }

    func reopenTimesheet(_ input: Operations.ReopenTimesheet.Input) async throws -> Operations.ReopenTimesheet.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        return .ok(.init(body: .json(try await decide(.reopen, userId: input.path.userId, month: input.path.month, reason: body.reason))))
    }

    private func decide(_ action: TimesheetAction, userId: String, month: String, reason: String?) async throws -> Components.Schemas.Timesheet {
        let caller = try RequestScope.requireCaller()
        let personId = try InputValidation.pathID(userId)
        var validation = InputValidation()
        let month = validation.month(month, field: "path.month")
        let reason = validation.optionalText(reason, field: "body.reason", maxLength: 1000)
        try validation.check()
        guard let month else { throw Problem(.validationFailed) }
        let timesheet = try await service.act(action, personId: personId, month: month, reason: reason.nilIfEmpty, caller: caller)
        return TimesheetSchemas.timesheet(timesheet)
    }

    func getTeamTimeSummary(_ input: Operations.GetTeamTimeSummary.Input) async throws -> Operations.GetTeamTimeSummary.Output {
        let caller = try RequestScope.requireCaller()
        let teamId = try InputValidation.pathID(input.path.teamId)
        var validation = InputValidation()
        let month = try validation.requiredMonth(input.query.month, field: "query.month")
        guard let (team, members) = try await service.teamSummary(teamId: teamId, month: month, caller: caller) else {
            throw Problem(.notFound)
        }
        return .ok(.init(body: .json(TimesheetSchemas.team(team, members: members, month: month))))
    }

    private static func month(_ text: String) throws -> CalendarMonth {
        var validation = InputValidation()
        return try validation.requiredMonth(text, field: "path.month")
    }
}
