import StaffbookCore

/// The month-end for admins: the job queue, the reminder settings and a reminder sent now.
struct MonthEndAPI: AreaHandler {
    let jobs: any JobQueue
    let monthEndStore: any MonthEndRepository
    let service: MonthEndService
    let accounts: any AccountRepository
    let clock: any AppClock
}
