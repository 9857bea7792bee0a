import StaffbookCore

/// Teams and their members.
struct TeamsAPI: AreaHandler {
    let teams: any TeamsRepository
    let clock: any AppClock
}
