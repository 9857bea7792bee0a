import Foundation

/// The company's time report as a workbook: the same rows as the API, ready to print.
package enum TimeDocuments {
    /// A report as CSV: a line a row, hours and amounts as `12.50`, empty where there is none.
    package static func reportCSV(_ report: TimeReport) -> CSVDocument {
        CSVDocument(
            header: ["key", "name", "hours", "billable_hours", "billable_amount", "capacity_hours", "utilisation"],
            rows: report.rows.map { row in
                [
                    row.key, row.label, Money.format(row.hours), Money.format(row.billableHours), row.billableAmount.map { Money.format($0) } ?? "",
                    row.capacityHours.map { Money.format($0) } ?? "", row.utilisation.map { Money.format($0) } ?? "",
                ]
            }
        )
    }

    package static func report(_ report: TimeReport, groupBy: ReportGrouping, company: String) -> XLSXWorkbook {
        let title: String =
            switch groupBy {
            case .client: "Klient / Client"
            case .project: "Projekt / Project"
            case .person: "Osoba / Person"
            case .team: "Tým / Team"
            }
        var rows: [[XLSXWorkbook.Cell]] = [
            [.text(company, .title)],
            [.text("Odpracovaný čas / Time worked", .bold), .text("\(report.range.from.iso) – \(report.range.to.iso)")],
            [],
            [
                .text(title, .bold), .text("Hodiny / Hours", .bold), .text("Fakturovatelné / Billable", .bold),
                .text("Částka / Amount", .bold), .text("Kapacita / Capacity", .bold), .text("Využití / Utilisation", .bold),
            ],
        ]
        let header = rows.count
        for row in report.rows {
            rows.append([
                .text(row.label), .number(row.hours, .decimal), .number(row.billableHours, .decimal),
                row.billableAmount.map { .number($0, .money) } ?? .empty, row.capacityHours.map { .number($0, .decimal) } ?? .empty,
                row.utilisation.map { .number($0, .decimal) } ?? .empty,
            ])
        }
        let first = header + 1, last = max(rows.count, first)
        rows.append([
            .text("Celkem / Total", .bold), .formula("SUM(B\(first):B\(last))", cached: report.hours, .decimalBold),
            .formula("SUM(C\(first):C\(last))", cached: report.billableHours, .decimalBold),
            report.billableAmount.map { .formula("SUM(D\(first):D\(last))", cached: $0, .moneyBold) } ?? .empty,
            report.capacityHours.map { .formula("SUM(E\(first):E\(last))", cached: $0, .decimalBold) } ?? .empty,
        ])
        var workbook = XLSXWorkbook(
            sheetName: "\(report.range.from.iso) \(groupBy.rawValue)", rows: rows, frozenRows: header, autoFilter: "A\(header):F\(last)"
        )
        workbook.landscape = true
        return workbook
    }
}
