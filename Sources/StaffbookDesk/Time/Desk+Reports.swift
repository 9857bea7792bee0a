import Foundation
import HTTPTypes
import Hummingbird
import StaffbookCore
import StaffbookHTTP

/// The company's time report: hours by client, project, person or team over a month or a range,
/// with capacity, utilisation and billable amounts, a chart of the hours, and the CSV and XLSX
/// files the API writes. The operation is `GET /v1/reports/time` (admins).
extension Desk {
    /// The most bars the chart draws: the rest are in the table.
    static let reportChartBars = 15

    func timeReport(_ view: DeskView, request: Request) async throws -> Response {
        _ = try require(view, "getTimeReport")
        let today = TimeRules.day(of: services.clock.now())
        let month = today.calendarMonth.adding(months: -1)
        var typed = [
            "from": query(request, "from") ?? month.days.first?.iso ?? "", "to": query(request, "to") ?? month.days.last?.iso ?? "",
            "groupBy": query(request, "groupBy") ?? ReportGrouping.project.rawValue,
        ]
        for (key, value) in typed { typed[key] = String(value.prefix(20)) }
        let report: TimeReport
        let groupBy: ReportGrouping
        do {
            let (range, grouping) = try TimePageInput.report(from: typed["from"] ?? "", to: typed["to"] ?? "", groupBy: typed["groupBy"] ?? "")
            groupBy = grouping
            report = try await services.timeService.report(range: range, groupBy: grouping)
        } catch {
            let problem = try shownRefusal(error, view)
            return reportPage(view, typed: typed, report: nil, groupBy: .project, problem: problem, status: HTTPResponse.Status(code: problem.status))
        }
        let name = "time-\(groupBy.rawValue)-\(report.range.from.iso)-\(report.range.to.iso)"
        switch query(request, "format") {
        case "csv":
            return DeskPage.download(TimeDocuments.reportCSV(report).data(), type: "text/csv; charset=utf-8", name: name + ".csv")
        case "xlsx":
            return DeskPage.download(
                TimeDocuments.report(report, groupBy: groupBy, company: services.config.companyName).data(),
                type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", name: name + ".xlsx")
        default:
            return reportPage(view, typed: typed, report: report, groupBy: groupBy, problem: nil)
        }
    }

    private func reportPage(
        _ view: DeskView, typed: [String: String], report: TimeReport?, groupBy: ReportGrouping, problem: PageProblem?,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let format = view.format
        func percent(_ value: Decimal?) -> String { value.map { format.hours($0 * 100) + " %" } ?? "—" }
        let rows = report?.rows.sorted { $0.hours > $1.hours } ?? []
        let bars = rows.prefix(Self.reportChartBars).map { row in
            DeskChart.Bar(
                label: row.label, text: format.hours(row.hours) + " h", short: format.hours(row.hours),
                value: NSDecimalNumber(decimal: row.hours).doubleValue)
        }
        var query = URLComponents()
        query.queryItems = ["from", "to", "groupBy"].map { URLQueryItem(name: $0, value: typed[$0] ?? "") }
        let base = "/desk/reports/time?" + (query.percentEncodedQuery ?? "")
        let model: [String: Any] = [
            "from": typed["from"] ?? "", "to": typed["to"] ?? "",
            "groupings": ReportGrouping.allCases.map {
                ["value": $0.rawValue, "label": view.text("groupBy." + $0.rawValue), "selected": $0.rawValue == typed["groupBy"]]
            },
            "problem": problem.map { Self.model($0, language: view.language) } as Any,
            "report": report.map { report in
                [
                    "range": format.days(report.range.from, report.range.to), "grouping": view.text("groupBy." + groupBy.rawValue),
                    "freshness": report.freshness.map { format.instant($0.asOf) + " " + format.clock($0.asOf) } ?? "",
                    "chart": bars.isEmpty
                        ? "" : DeskChart.horizontal(bars, title: view.text("hoursBy") + " " + view.text("groupBy." + groupBy.rawValue)),
                    "rows": rows.map { row in
                        [
                            "label": row.label, "hours": format.hours(row.hours), "billable": format.hours(row.billableHours),
                            "amount": row.billableAmount.map { format.money($0, currency: "CZK") } ?? "—",
                            "capacity": row.capacityHours.map { format.hours($0) } ?? "—", "utilisation": percent(row.utilisation),
                        ]
                    },
                    "hasRows": !rows.isEmpty, "hours": format.hours(report.hours), "billable": format.hours(report.billableHours),
                    "amount": report.billableAmount.map { format.money($0, currency: "CZK") } ?? "—",
                    "capacity": report.capacityHours.map { format.hours($0) } ?? "—", "utilisation": percent(report.utilisation),
                    "csv": base + "&format=csv", "xlsx": base + "&format=xlsx",
                ] as [String: Any]
            } as Any,
        ]
        return DeskPage(title: view.text("timeReport"), template: "timeReport", model: model, status: status).response(view, library: library)
    }
}
