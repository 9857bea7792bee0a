import StaffbookCore

/// Hourly rates: announced, corrected, withdrawn.
struct RatesAPI: AreaHandler {
    let rates: any RatesRepository
    let rateService: RateService
    let visibility: PersonVisibility
    let clock: any AppClock
}
