import Foundation

/// The instants Staffbook reads from outside: from 1900 to 2200, the years days are read in
/// (with a day's margin each side, so every day's midnight in Prague is within).
/// A date outside them is refused where it comes in (a request body, a cursor, a file), because
/// arithmetic on it or the database driver's encoding of it (microseconds since 2000 in an
/// `Int64`) would trap and end the process.
package enum InstantRange {
    /// 1899-12-31T00:00:00Z.
    package static let earliest = Date(timeIntervalSince1970: -2_209_075_200)
    /// 2201-01-02T00:00:00Z.
    package static let latest = Date(timeIntervalSince1970: 7_289_740_800)

    package static func contains(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && seconds >= earliest.timeIntervalSince1970 && seconds < latest.timeIntervalSince1970
    }

    /// Whole seconds since 1970 as a date, when within the range.
    package static func date(secondsSince1970 seconds: Int) -> Date? {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        return contains(date) ? date : nil
    }
}
