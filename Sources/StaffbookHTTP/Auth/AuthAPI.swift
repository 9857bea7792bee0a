import StaffbookCore
import StaffbookJobs

/// Sign-in, tokens and sessions, the caller's own account, invitations and password resets.
struct AuthAPI: AreaHandler {
    let auth: AuthService
    let accounts: any AccountRepository
    /// Password-reset requests are queued as jobs.
    let jobs: any JobQueue
    let accountLinkStore: any AccountLinkRepository
    let accountLinks: AccountLinks
    let clock: any AppClock
}
