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

    func decode(_ text: String) throws -> Date {
        if let date = try? Self.whole.parse(text) { return date }
        return try Self.fractional.parse(text)
    }
}
