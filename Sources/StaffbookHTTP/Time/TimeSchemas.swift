import Foundation
import StaffbookAPI
import StaffbookCore

/// Time tracking as the contract's schemas.
enum TimeSchemas {
    static func client(_ client: Client) -> Components.Schemas.Client {
        .init(id: client.id.lowercasedString, name: client.name, billingAddress: client.billingAddress, active: client.active)
    }

    /// The price a client pays is for those who manage projects, not for everyone tracking time.
    static func project(_ project: Project, showPrice: Bool) -> Components.Schemas.Project {
        .init(
            id: project.id.lowercasedString, client: .init(id: project.clientId.lowercasedString, name: project.clientName),
            name: project.name, billable: project.billable, hourlyPrice: showPrice ? project.hourlyPrice.map { Money.format($0) } : nil,
            active: project.active, teamIds: project.teamIds.map(\.lowercasedString)
        )
    }

    static func entry(_ entry: TimeEntry) -> Components.Schemas.TimeEntry {
        .init(
            id: entry.id.lowercasedString, personId: entry.personId.lowercasedString,
            project: .init(id: entry.projectId.lowercasedString, name: entry.projectName),
            client: .init(id: entry.clientId.lowercasedString, name: entry.clientName), description: entry.description,
            start: entry.start, end: entry.end, durationSeconds: entry.seconds, tags: entry.tags, billable: entry.billable,
            running: entry.end == nil
        )
    }

    static func timer(_ state: TimerState) -> Components.Schemas.TimerState {
        .init(
            running: state.running.map(entry), stopped: state.stopped.map(entry), started: state.started.map(entry), capped: state.capped,
            changed: state.changed)
    }

    static func row(_ row: TimeReportRow) -> Components.Schemas.TimeRow {
        .init(
            key: row.key, label: row.label, hours: Money.format(row.hours), billableHours: Money.format(row.billableHours),
            billableAmount: row.billableAmount.map { Money.format($0) }, capacityHours: row.capacityHours.map { Money.format($0) },
            utilisation: row.utilisation.map { Money.format($0) }
        )
    }

    static func summary(_ report: TimeReport, groupBy: SummaryGrouping) -> Components.Schemas.TimeSummary {
        .init(
            from: report.range.from.iso, to: report.range.to.iso,
            groupBy: Components.Schemas.TimeSummary.GroupByPayload(rawValue: groupBy.rawValue) ?? .day, items: report.rows.map(row),
            hours: Money.format(report.hours), billableHours: Money.format(report.billableHours),
            capacityHours: Money.format(report.capacityHours ?? 0), utilisation: report.utilisation.map { Money.format($0) }
        )
    }

    static func report(_ report: TimeReport, groupBy: ReportGrouping) -> Components.Schemas.TimeReport {
        .init(
            from: report.range.from.iso, to: report.range.to.iso,
            groupBy: Components.Schemas.TimeReport.GroupByPayload(rawValue: groupBy.rawValue) ?? .project, items: report.rows.map(row),
            hours: Money.format(report.hours), billableHours: Money.format(report.billableHours),
            billableAmount: report.billableAmount.map { Money.format($0) }, capacityHours: report.capacityHours.map { Money.format($0) },
            utilisation: report.utilisation.map { Money.format($0) }, freshness: report.freshness.map(freshness)
        )
    }

    /// A report PostgreSQL wrote, without its rows: they are sent as it wrote them.
    static func report(_ report: WrittenReport, groupBy: ReportGrouping) -> Components.Schemas.TimeReport {
        .init(
            from: report.range.from.iso, to: report.range.to.iso,
            groupBy: Components.Schemas.TimeReport.GroupByPayload(rawValue: groupBy.rawValue) ?? .project, items: [],
            hours: Money.format(report.hours), billableHours: Money.format(report.billableHours),
            billableAmount: report.billableAmount.map { Money.format($0) }, capacityHours: report.capacityHours.map { Money.format($0) },
            utilisation: report.utilisation.map { Money.format($0) }, freshness: report.freshness.map(freshness)
        )
    }

    static func freshness(_ freshness: ReadFreshness) -> Components.Schemas.ReadFreshness {
        // Clamped before converting: a lag is a measurement, not a promise of its range.
        let seconds = freshness.lagSeconds.isNaN ? 0 : min(max(freshness.lagSeconds.rounded(), 0), 1e9)
        return .init(asOf: freshness.asOf, lagSeconds: Int(seconds))
    }

    /// The report without its rows, for the runtime to encode when `WrittenJSON` wrote it all.
    static func withoutRows(_ report: Components.Schemas.TimeReport) -> Components.Schemas.TimeReport {
        var empty = report
        empty.items = []
        return empty
    }
}
