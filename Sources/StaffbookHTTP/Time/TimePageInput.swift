import Foundation
import StaffbookCore

/// The API's checks of what a person sends about their time, for pages that send the same as
/// forms: a day and wall-clock times in Prague where the API takes instants.
package enum TimePageInput {
    /// A report's days and grouping as `GET /v1/reports/time` reads its query: both days, at
    /// most 366 of them, grouped by client, project, person or team.
    package static func report(from: String, to: String, groupBy: String) throws -> (DayRange, ReportGrouping) {
        var validation = InputValidation()
        return try validation.values {
            ($0.dayRange(from: from, to: to), $0.option(ReportGrouping(rawValue: groupBy), field: "query.groupBy"))
        }
    }

    /// An entry as `POST /v1/me/time-entries` reads its body, from a day, a start and an end time
    /// (`08:30`); an end at or before the start is the next day's (a night's work).
    package static func entry(projectId: String, day: String, start: String, end: String, description: String) throws -> TimeEntryFields {
        var validation = InputValidation()
        let project = validation.uuid(projectId, field: "body.projectId")
        let text = validation.entryText(description: description, tags: [])
        let date = validation.day(day, field: "body.day")
        let from = validation.timeOfDay(start, field: "body.start")
        let to = validation.timeOfDay(end, field: "body.end")
        try validation.check()
        guard let project, let date, let from, let to,
            let startInstant = TimeRules.instant(date, hour: from.hour, minute: from.minute, second: 0)
        else { throw Problem(.validationFailed) }
        let endDay = to.hour * 60 + to.minute <= from.hour * 60 + from.minute ? date.adding(days: 1) : date
        guard let endInstant = TimeRules.instant(endDay, hour: to.hour, minute: to.minute, second: 0) else {
            throw Problem(.validationFailed)
        }
        return TimeEntryFields(
            projectId: project, description: text.description ?? "", start: startInstant, end: endInstant, tags: [], billable: nil)
    }

    /// What `POST /v1/me/timer/start` reads: a project and a description.
    package static func timerStart(projectId: String, description: String) throws -> TimeService.TimerRequest {
        var validation = InputValidation()
        let project = validation.uuid(projectId, field: "body.projectId")
        let text = validation.entryText(description: description, tags: [])
        try validation.check()
        guard let project else { throw Problem(.validationFailed) }
        return TimeService.TimerRequest(projectId: project, description: text.description ?? "", tags: [])
    }
}

extension InputValidation {
    /// A wall-clock time as a time input sends it: `8:30`, `08:30` or `08:30:00`.
    mutating func timeOfDay(_ value: String, field: String) -> (hour: Int, minute: Int)? {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else {
            fail(field, "time", TimeTexts.timeOfDay)
            return nil
        }
        return (hour, minute)
    }
}
