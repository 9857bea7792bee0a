import StaffbookCore
import StaffbookJobs

/// People, their profiles and contracts, and who may see whom.
struct PeopleAPI: AreaHandler {
    let people: any PeopleRepository
    let rates: any RatesRepository
    /// A new person's invitation is issued with them.
    let accountLinks: AccountLinks
    let visibility: PersonVisibility
    /// Changes of who is an admin wait for a second admin while the rule applies.
    let fourEyes: FourEyesRule
    let clock: any AppClock
}
