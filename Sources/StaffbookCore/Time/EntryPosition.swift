import Foundation

/// Keyset position in a person's entries, newest first.
package struct EntryPosition: PagePosition {
    /// Seconds since 1970 of the entry's start.
    package var start: Int
    package var id: UUID

    package enum CodingKeys: String, CodingKey {
        case start = "s", id = "i"
    }

    package init(start: Int, id: UUID) {
        self.start = start
        self.id = id
    }

    package var isValid: Bool { InstantRange.date(secondsSince1970: start) != nil }

    /// The entry's start; nil for a position no list gave out.
    package var startDate: Date? { InstantRange.date(secondsSince1970: start) }
}
