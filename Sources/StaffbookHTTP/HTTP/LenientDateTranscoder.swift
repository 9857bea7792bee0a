import Foundation
import OpenAPIRuntime
import StaffbookCore

/// RFC 3339 date-times: written to the second (`2026-11-23T08:00:00Z`), read with or without
/// fractional seconds, since JavaScript's `toISOString()` always sends milliseconds.
struct LenientDateTranscoder: DateTranscoder {
    static let unreadable = "Expected an RFC 3339 date-time."
    static let outOfRange = "Expected a date-time between 1900 and 2200."
    /// What its errors say, by which they are told from other decoding errors.
    static let messages: Set<String> = [unreadable, outOfRange]
    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    func encode(_ date: Date) throws -> String {
        date.formatted(Self.whole)
    }

    /// Throws a `DecodingError`, as the runtime's own transcoder does, so a bad date is the
    /// client's mistake (400) and not a fault of ours. Only years 1900 to 2200 are read: no
    /// handler then meets a date that arithmetic or the database cannot hold.
    func decode(_ text: String) throws -> Date {
        guard let date = (try? Self.whole.parse(text)) ?? (try? Self.fractional.parse(text)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: Self.unreadable))
        }
        guard InstantRange.contains(date) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: Self.outOfRange))
        }
        return date
    }
}
