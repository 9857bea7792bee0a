import Foundation

/// Keyset position of a month (lists are newest first).
package struct MonthPosition: PagePosition {
    package var month: String

    package enum CodingKeys: String, CodingKey {
        case month = "m"
    }

    package init(month: String) {
        self.month = month
    }

    package var isValid: Bool { CalendarMonth(month) != nil }
}
