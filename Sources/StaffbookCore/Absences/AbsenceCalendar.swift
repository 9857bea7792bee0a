import Foundation

/// Time off as an iCalendar feed (RFC 5545) a phone or Outlook calendar subscribes to.
///
/// Whole days are all-day events (`VALUE=DATE`, the end exclusive), so they stay on their days
/// in any time zone. Half days are timed events in Europe/Prague, whose rules the feed carries
/// in a `VTIMEZONE`: a morning is 08:00–12:00 and an afternoon 12:00–16:00 there, on either
/// side of a change to or from summer time. Hours away (a doctor's visit) have no time of day
/// in a request, so they are all-day events that say how many hours.
package enum AbsenceCalendar {
    package struct Event: Sendable {
        package var absence: Absence
        /// The kind's name in the feed's language.
        package var kindName: String
        /// Whose absence, in a team's feed; nil in a person's own.
        package var person: String?

        package init(absence: Absence, kindName: String, person: String?) {
            self.absence = absence
            self.kindName = kindName
            self.person = person
        }
    }

    package static let timeZoneId = "Europe/Prague"
    /// Where a half day starts and ends, in Prague (hours).
    package static let morning = (start: 8, end: 12)
    package static let afternoon = (start: 12, end: 16)

    /// The whole feed: CRLF line ends, lines folded at 75 octets.
    package static func render(name: String, events: [Event], language: Language, now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Staffbook//Time off//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + text(name), "X-WR-TIMEZONE:" + timeZoneId,
            // Clients that honour it look again every hour.
            "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H",
        ]
        lines += pragueTimeZone
        let stamp = utc(now)
        for event in events { lines += self.event(event, language: language, stamp: stamp) }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func event(_ event: Event, language: Language, stamp: String) -> [String] {
        let absence = event.absence
        var summary = event.person.map { "\($0): \(event.kindName)" } ?? event.kindName
        if absence.part == .hours, let hours = absence.hours { summary += " (\(hours) h)" }
        if absence.state == .requested { summary += language == .cs ? " (čeká na schválení)" : " (awaiting approval)" }
        var lines = ["BEGIN:VEVENT", "UID:\(absence.id.uuidString.lowercased())@staffbook", "DTSTAMP:\(stamp)"]
        switch absence.part {
        case .morning, .afternoon:
            let hours = absence.part == .morning ? morning : afternoon
            lines.append("DTSTART;TZID=\(timeZoneId):\(compact(absence.firstDay))T\(two(hours.start))0000")
            lines.append("DTEND;TZID=\(timeZoneId):\(compact(absence.firstDay))T\(two(hours.end))0000")
        case .full, .hours:
            lines.append("DTSTART;VALUE=DATE:\(compact(absence.firstDay))")
            lines.append("DTEND;VALUE=DATE:\(compact(absence.lastDay.adding(days: 1)))")
        }
        lines.append("SUMMARY:" + text(summary))
        lines.append("STATUS:" + (absence.state == .approved ? "CONFIRMED" : "TENTATIVE"))
        // Someone else's time off does not make the subscriber busy; their own does.
        lines.append("TRANSP:" + (event.person == nil ? "OPAQUE" : "TRANSPARENT"))
        lines.append("CATEGORIES:" + text(absence.kind))
        lines.append("END:VEVENT")
        return lines
    }

    /// Europe/Prague since 1996: CET, and CEST from the last Sunday of March 02:00 to the last
    /// Sunday of October 03:00.
    static let pragueTimeZone = [
        "BEGIN:VTIMEZONE", "TZID:\(timeZoneId)",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11).
    static func text(_ value: String) -> String {
        // Most names need nothing: printable ASCII without the three characters to escape.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") }) {
            return value
        }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            // A CR ends a line only with the LF after it, which says so.
            case "\r": continue
            default:
                // Other control characters have no place in a content line.
                if scalar.properties.generalCategory == .control { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A content line folded at 75 octets, never inside a character (RFC 5545 3.1).
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded = "", width = 0
        for character in line {
            let size = character.utf8.count
            if width + size > 75 {
                folded += "\r\n "
                width = 1
            }
            folded.append(character)
            width += size
        }
        return folded
    }

    /// `20261221`: built from the numbers (Foundation's string replacing costs more than the rest
    /// of an event).
    private static func compact(_ day: CalendarDay) -> String {
        String(day.year) + two(day.month) + two(day.day)
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    private static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = String(c.year ?? 1970)
        return "\(year)\(two(c.month ?? 1))\(two(c.day ?? 1))T\(two(c.hour ?? 0))\(two(c.minute ?? 0))\(two(c.second ?? 0))Z"
    }
}
