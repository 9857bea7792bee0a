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
    /// Removing another admin's second factor waits for a second admin while the rule applies.
    let fourEyes: FourEyesRule
    let clock: any AppClock
}
