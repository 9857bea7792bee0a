import Foundation
import OpenAPIRuntime

/// RFC 3339 date-times: written to the second (`2026-11-23T08:00:00Z`), read with or without
/// fractional seconds, since JavaScript's `toISOString()` always sends milliseconds.
struct LenientDateTranscoder: DateTranscoder {
    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    func encode(_ date: Date) throws -> String {
        date.formatted(Self.whole)
    }

    /// Throws a `DecodingError`, as the runtime's own transcoder does, so a bad date is the
    /// client's mistake (400) and not a fault of ours.
    func decode(_ text: String) throws -> Date {
        if let date = (try? Self.whole.parse(text)) ?? (try? Self.fractional.parse(text)) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected an RFC 3339 date-time."))
    }
}
