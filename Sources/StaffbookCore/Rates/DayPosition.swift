import Foundation

/// Keyset position in a rate history (newest first).
package struct DayPosition: PagePosition {
    package var effectiveFrom: String

    package enum CodingKeys: String, CodingKey {
        case effectiveFrom = "d"
    }

    package init(effectiveFrom: String) {
        self.effectiveFrom = effectiveFrom
    }

    package var isValid: Bool { CalendarDay(effectiveFrom) != nil }
}
