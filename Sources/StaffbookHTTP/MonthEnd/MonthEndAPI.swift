import StaffbookCore

/// The month-end for admins: the job queue and the reminder settings.
struct MonthEndAPI: AreaHandler {
    let jobs: any JobQueue
    let monthEndStore: any MonthEndRepository
    let clock: any AppClock
}
