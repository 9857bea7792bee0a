import Foundation

/// Which people a list may show.
package enum PeopleScope: Sendable {
    case everyone
    /// The members of the teams this person leads.
    case ledBy(UUID)
}
