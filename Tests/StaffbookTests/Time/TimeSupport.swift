import Foundation
import Testing

@testable import StaffbookCore

/// What the time tests read back.
enum TimeAPI {
    struct Ref: Decodable, Equatable {
        var id: String
        var name: String
    }
    struct Entry: Decodable, Equatable {
        var id: String
        var personId: String
        var project: Ref
        var client: Ref
        var description: String
        var start: String
        var end: String?
        var durationSeconds: Int?
        var tags: [String]
        var billable: Bool
        var running: Bool
    }
    struct Entries: Decodable {
        var items: [Entry]
        var nextCursor: String?
    }
    struct Timer: Decodable {
        var running: Entry?
        var stopped: Entry?
        var started: Entry?
        var capped: Bool
        var changed: Bool
    }
    struct Row: Decodable {
        var key: String
        var label: String
        var hours: String
        var billableHours: String
        var billableAmount: String?
        var capacityHours: String?
        var utilisation: String?
    }
    struct Summary: Decodable {
        var from: String
        var to: String
        var items: [Row]
        var hours: String
        var billableHours: String
        var capacityHours: String?
        var utilisation: String?
        var billableAmount: String?
    }
    struct ImportResult: Decodable {
        struct Pair: Decodable {
            var client: String
            var project: String
        }
        struct Problem: Decodable {
            var line: Int
            var reason: String
        }
        struct Overlap: Decodable {
            var line: Int
            var entryId: String
        }
        var format: String
        var confirmed: Bool
        var lines: Int
        var imported: Int
        var hours: String
        var alreadyThere: Int
        var newClients: [String]
        var newProjects: [Pair]
        var mayCreate: Bool
        var problems: [Problem]
        var overlaps: [Overlap]
    }

    /// `2026-11-13T09:00:00+01:00`: a Prague wall-clock time as the API takes it.
    static func prague(_ day: String, _ time: String) -> String {
        guard let date = CalendarDay(day),
            let instant = TimeRules.instant(
                date, hour: Int(time.prefix(2)) ?? 0, minute: Int(time.dropFirst(3).prefix(2)) ?? 0, second: 0
            )
        else { return "" }
        return instant.formatted(.iso8601)
    }

    static func json(projectId: UUID, _ day: String, _ from: String, _ to: String, description: String = "Práce") -> String {
        #"{"projectId":"\#(projectId)","start":"\#(prague(day, from))","end":"\#(prague(day, to))","description":"\#(description)"}"#
    }
}
