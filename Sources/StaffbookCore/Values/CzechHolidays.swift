/// The public holidays of the Czech Republic (zákon č. 245/2000 Sb.): fixed dates, and Good
/// Friday and Easter Monday from the Easter date (Good Friday since 2016).
package enum CzechHolidays {
    package struct Holiday: Sendable, Equatable {
        package var day: CalendarDay
        package var name: LocalizedText
    }

    private static let fixed: [(month: Int, day: Int, name: LocalizedText)] = [
        (1, 1, LocalizedText(en: "Restoration Day of the Independent Czech State", cs: "Den obnovy samostatného českého státu")),
        (5, 1, LocalizedText(en: "Labour Day", cs: "Svátek práce")),
        (5, 8, LocalizedText(en: "Liberation Day", cs: "Den vítězství")),
        (7, 5, LocalizedText(en: "Saints Cyril and Methodius Day", cs: "Den slovanských věrozvěstů Cyrila a Metoděje")),
        (7, 6, LocalizedText(en: "Jan Hus Day", cs: "Den upálení mistra Jana Husa")),
        (9, 28, LocalizedText(en: "St. Wenceslas Day", cs: "Den české státnosti")),
        (10, 28, LocalizedText(en: "Independent Czechoslovak State Day", cs: "Den vzniku samostatného československého státu")),
        (11, 17, LocalizedText(en: "Struggle for Freedom and Democracy Day", cs: "Den boje za svobodu a demokracii")),
        (12, 24, LocalizedText(en: "Christmas Eve", cs: "Štědrý den")),
        (12, 25, LocalizedText(en: "Christmas Day", cs: "1. svátek vánoční")),
        (12, 26, LocalizedText(en: "St. Stephen's Day", cs: "2. svátek vánoční")),
    ]

    /// Easter Sunday (the anonymous Gregorian algorithm, Meeus/Jones/Butcher).
    package static func easterSunday(_ year: Int) -> CalendarDay {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CalendarDay(year: year, month: month, day: day)
    }

    /// Every public holiday of a year, in date order.
    package static func holidays(in year: Int) -> [Holiday] {
        let easter = easterSunday(year)
        var holidays = fixed.map { Holiday(day: CalendarDay(year: year, month: $0.month, day: $0.day), name: $0.name) }
        if year >= 2016 {
            holidays.append(Holiday(day: easter.adding(days: -2), name: LocalizedText(en: "Good Friday", cs: "Velký pátek")))
        }
        holidays.append(Holiday(day: easter.adding(days: 1), name: LocalizedText(en: "Easter Monday", cs: "Velikonoční pondělí")))
        return holidays.sorted { $0.day < $1.day }
    }

    /// The holiday on `day`, if it is one.
    package static func holiday(on day: CalendarDay) -> Holiday? {
        holidays(in: day.year).first { $0.day == day }
    }
}
