import Foundation

/// Reads an iCalendar feed with Python's `icalendar` (installed by `make test`), so our feed is
/// checked by a parser that is not ours. Timed events are given in UTC twice: as the parser
/// resolves their TZID, and through the feed's own VTIMEZONE rules alone.
enum ICalendarReader {
    struct Calendar: Decodable {
        var name: String
        var events: [Event]
    }

    struct Event: Decodable {
        var uid: String
        var summary: String
        var status: String
        var transp: String
        var start: Moment
        var end: Moment
    }

    struct Moment: Decodable, Equatable {
        var allDay: Bool
        /// An all-day event's day (`2026-12-21`).
        var date: String?
        /// A timed event's instant in UTC (`2027-03-26T07:00:00+00:00`).
        var utc: String?
        var utcByFeedZone: String?
    }

    static func read(_ data: Data) throws -> Calendar {
        let script = """
            import datetime, json, sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            zones = {str(tz['TZID']): tz.to_tz(lookup_tzid=False) for tz in cal.walk('VTIMEZONE')}
            utc = datetime.timezone.utc
            def moment(prop):
                value = prop.dt
                if isinstance(value, datetime.datetime):
                    tzid = prop.params.get('TZID')
                    naive = value.replace(tzinfo=None)
                    own = naive.replace(tzinfo=zones[tzid]).astimezone(utc).isoformat() if tzid in zones else None
                    return {"allDay": False, "utc": value.astimezone(utc).isoformat(), "utcByFeedZone": own}
                return {"allDay": True, "date": value.isoformat()}
            events = [{"uid": str(e['UID']), "summary": str(e['SUMMARY']), "status": str(e.get('STATUS')),
                       "transp": str(e.get('TRANSP')), "start": moment(e['DTSTART']), "end": moment(e['DTEND'])}
                      for e in cal.walk('VEVENT')]
            print(json.dumps({"name": str(cal.get('X-WR-CALNAME')), "events": events}))
            """
        let out = try PythonReader.output(of: script, reading: data, suffix: "ics", library: "icalendar")
        return try JSONDecoder().decode(Calendar.self, from: out)
    }
}
