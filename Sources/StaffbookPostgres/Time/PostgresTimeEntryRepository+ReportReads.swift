import Foundation
import Logging
import PostgresNIO
import StaffbookCore

/// Where a report's statement runs (the replica or the primary) and the month's capacity
/// kept before it: shared by the report as rows and as JSON.
extension PostgresTimeEntryRepository {
    /// What a report's statement is given: the grouping, the range's shape, where capacity
    /// comes from, and the bindings `reportSQL` reads.
    struct ReportQuery: Sendable {
        var groupBy: ReportGrouping
        var shape: RangeShape
        var capacity: CapacitySource
        var bindings: PostgresBindings
    }

    /// Runs a report's statement on the replica when there is one (with how fresh it is when
    /// behind), the primary otherwise; a month's capacity is kept by the primary first.
    func readReport<Result: Sendable>(
        range: DayRange, groupBy: ReportGrouping, workingDays: [CalendarDay],
        _ statement: @escaping @Sendable (ReportQuery, PostgresConnection, Logger) async throws -> Result
    ) async throws -> (Result, ReadFreshness?) {
        let logger = self.logger
        let months = range.wholeMonths
        var binds = PostgresBindings(capacity: 6)
        binds.append(range.from.iso)
        binds.append(range.to.iso)
        // Whole months come from the monthly sums, the days around them from the daily ones.
        binds.append((months?.from ?? range.from).iso)
        binds.append((months?.to ?? range.from).iso)
        binds.append(workingDays.map(\.iso))
        binds.append(AbsenceBinds.capacityStates)
        let shape: RangeShape =
            switch months {
            case let months? where months.from == range.from && months.to == range.to.adding(days: 1):
                months.to == months.from.calendarMonth.adding(months: 1).firstDay ? .oneMonth : .wholeMonths
            default: .days
            }
        // Capacity is kept per month: a month's report reads it once it is kept.
        let wanted: CapacitySource = (groupBy == .person || groupBy == .team) && shape == .oneMonth ? .kept : .computed
        let (database, month, bindings) = (self.database, range.from.calendarMonth, binds)
        let read: @Sendable (PostgresConnection, ReadReplica.Source) async throws -> Result = { connection, source in
            var capacity = wanted
            if case .kept = wanted {
                if case .primary = source {
                    try await Self.keepCapacityIfItCan(month: month, logger: logger) {
                        try await Self.keepCapacity(bindings, month: month, on: connection, logger: logger)
                    }
                } else if try await Self.capacityMissing(bindings, on: connection, logger: logger) {
                    // A replica cannot keep it: the primary does, for the next report, and this
                    // one computes it.
                    try await Self.keepCapacityIfItCan(month: month, logger: logger) {
                        try await database.withConnection { try await Self.keepCapacity(bindings, month: month, on: $0, logger: logger) }
                    }
                    capacity = .computed
                }
            }
            return try await statement(ReportQuery(groupBy: groupBy, shape: shape, capacity: capacity, bindings: bindings), connection, logger)
        }
        guard let reads else { return (try await database.withConnection { try await read($0, .primary) }, nil) }
        let (result, source) = try await reads.read(read)
        return (result, source.freshness)
    }

    /// Runs `keep`, which keeps the month's capacity for the reports after this one. This one
    /// is answered either way: its statement computes what is not kept. So a failure to keep
    /// is logged and not the report's, and on a replica read it is not taken for the replica's
    /// (which would send reads to the primary for a while).
    static func keepCapacityIfItCan(
        month: CalendarMonth, logger: Logger, _ keep: () async throws -> Void
    ) async throws {
        do {
            try await keep()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // A store error's description names codes and columns, never values; of anything
            // else only its type is logged.
            let classified = StoreError.classify(error)
            let described = (classified as? StoreError).map(\.description) ?? String(describing: type(of: classified))
            logger.warning(
                "the month's capacity could not be kept; the report computes it", metadata: ["month": "\(month.iso)", "error": "\(described)"])
        }
    }
}
