/// Why a change to a team was refused.
package enum TeamsError: Error, Equatable {
    /// Another team has this name (ignoring case).
    case nameTaken
}
