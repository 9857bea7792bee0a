/// Why a change to a person was refused.
package enum PeopleError: Error, Equatable {
    /// No such person, or none the caller may see: both are answered alike.
    case personNotFound
    /// Another account has this work e-mail.
    case emailTaken
    /// A team named in the request does not exist.
    case unknownTeam
    /// The contract would overlap this one of the person's contracts (when it could be named).
    case contractOverlap(Contract?)
    /// A contract cannot end before it starts.
    case contractEndsBeforeStart(validFrom: CalendarDay)
    /// An admin cannot deactivate their own account.
    case cannotDeactivateSelf
}
