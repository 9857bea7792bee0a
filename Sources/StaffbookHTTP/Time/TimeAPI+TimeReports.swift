import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// Sums of time (a person's, the company's) and files to and from other trackers.
extension TimeAPI {
    func getMyTimeSummary(_ input: Operations.GetMyTimeSummary.Input) async throws -> Operations.GetMyTimeSummary.Output {
        let caller = try RequestScope.requireCaller()
        return .ok(.init(body: .json(try await summary(personId: caller.accountId, input.query.from, input.query.to, input.query.groupBy?.rawValue))))
    }

    func getUserTimeSummary(_ input: Operations.GetUserTimeSummary.Input) async throws -> Operations.GetUserTimeSummary.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        try await visibility.requireVisible(id, to: caller)
        return .ok(.init(body: .json(try await summary(personId: id, input.query.from, input.query.to, input.query.groupBy?.rawValue))))
    }

    private func summary(personId: UUID, _ from: String, _ to: String, _ grouping: String?) async throws -> Components.Schemas.TimeSummary {
        var validation = InputValidation()
        let range = try validation.values { $0.dayRange(from: from, to: to) }
        let groupBy = grouping.flatMap(SummaryGrouping.init) ?? .day
        return TimeSchemas.summary(try await timeService.summary(personId: personId, range: range, groupBy: groupBy), groupBy: groupBy)
    }

    func getTimeReport(_ input: Operations.GetTimeReport.Input) async throws -> Operations.GetTimeReport.Output {
        let (range, groupBy) = try TimePageInput.report(from: input.query.from, to: input.query.to, groupBy: input.query.groupBy.rawValue)
        let format = input.query.format ?? .json
        if format == .json, WrittenJSON.databaseWritesRows {
            // PostgreSQL writes the rows; only the totals around them are written here.
            let written = try await timeService.writtenReport(range: range, groupBy: groupBy)
            let envelope = TimeSchemas.report(written, groupBy: groupBy)
            try WrittenJSON.send(envelope, items: written.items)
            return .ok(.init(body: .json(envelope)))
        }
        let report = try await timeService.report(range: range, groupBy: groupBy)
        let name = "time-\(groupBy.rawValue)-\(range.from.iso)-\(range.to.iso)"
        switch format {
        case .json:
            let body = TimeSchemas.report(report, groupBy: groupBy)
            // Written here by `JSONWriter` and sent by `WrittenJSONMiddleware`; the runtime encodes
            // only the placeholder without rows.
            return .ok(.init(body: .json(WrittenJSON.body(body, placeholder: TimeSchemas.withoutRows(body)))))
        case .csv:
            return .ok(
                .init(
                    headers: .init(contentDisposition: "attachment; filename=\"\(name).csv\""),
                    body: .csv(HTTPBody(TimeDocuments.reportCSV(report).data()))
                ))
        case .xlsx:
            let data = TimeDocuments.report(report, groupBy: groupBy, company: companyName).data()
            return .ok(
                .init(
                    headers: .init(contentDisposition: "attachment; filename=\"\(name).xlsx\""),
                    body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(data))
                ))
        }
    }

    func exportMyTimeEntries(_ input: Operations.ExportMyTimeEntries.Input) async throws -> Operations.ExportMyTimeEntries.Output {
        let caller = try RequestScope.requireCaller()
        let (data, name) = try await timeFile(personId: caller.accountId, input.query.format.rawValue, input.query.from, input.query.to)
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .csv(HTTPBody(data))))
    }

    func exportTimeEntries(_ input: Operations.ExportTimeEntries.Input) async throws -> Operations.ExportTimeEntries.Output {
        let (data, name) = try await timeFile(personId: nil, input.query.format.rawValue, input.query.from, input.query.to)
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .csv(HTTPBody(data))))
    }

    private func timeFile(personId: UUID?, _ format: String, _ from: String, _ to: String) async throws -> (Data, String) {
        var validation = InputValidation()
        let (range, format) = try validation.values {
            ($0.dayRange(from: from, to: to), $0.option(TimeFileFormat(rawValue: format), field: "query.format"))
        }
        let entries = try await timeEntries.export(personId: personId, range: range)
        return (TimeCSV.write(entries, format: format), "time-\(format.rawValue)-\(range.from.iso)-\(range.to.iso).csv")
    }

    func importMyTimeEntries(_ input: Operations.ImportMyTimeEntries.Input) async throws -> Operations.ImportMyTimeEntries.Output {
        let caller = try RequestScope.requireCaller()
        guard case .csv(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let data = try await Data(collecting: body, upTo: .max)
        let imported = try await importing.ifFree {
            try await timeService.importFile(data, personId: caller.accountId, mayCreate: caller.has(.admin), confirm: input.query.confirm ?? false)
        }
        guard let result = imported else {
            throw Problem(
                .serviceUnavailable,
                detail: TimeTexts.importsBusy,
                headers: [.retryAfter: "5"]
            )
        }
        let outcome = result.outcome
        let language = RequestScope.current.language
        return .ok(
            .init(
                body: .json(
                    .init(
                        format: result.format == .toggl ? .toggl : .clockify, confirmed: result.confirmed, lines: result.rows,
                        imported: outcome.imported, hours: Money.format(TimeRules.hours(outcome.seconds)), alreadyThere: outcome.alreadyThere,
                        newClients: outcome.newClients, newProjects: outcome.newProjects.map { .init(client: $0.client, project: $0.project) },
                        mayCreate: result.mayCreate,
                        problems: outcome.problems.map {
                            .init(
                                line: $0.line, code: .init(rawValue: $0.code.rawValue) ?? .text,
                                reason: TimeTexts.importProblem($0).text(in: language))
                        },
                        overlaps: outcome.overlaps.map { .init(line: $0.line, entryId: $0.entryId.lowercasedString) }
                    ))))
    }
}
