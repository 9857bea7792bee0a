import StaffbookCore

/// What every area's handler has: the injected clock, and today in Prague by it.
protocol AreaHandler: Sendable {
    var clock: any AppClock { get }
}

extension AreaHandler {
    var today: CalendarDay { CalendarDay(clock.now()) }
}
