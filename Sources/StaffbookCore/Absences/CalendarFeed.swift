import Foundation

/// A subscription to time off in a calendar app: a person's own, or a team's.
package struct CalendarFeed: Sendable, Equatable {
    package var id: UUID
    package var ownerId: UUID
    /// A team's calendar; nil: the owner's own time off.
    package var teamId: UUID?
    package var createdAt: Date

    package init(id: UUID, ownerId: UUID, teamId: UUID?, createdAt: Date) {
        self.id = id
        self.ownerId = ownerId
        self.teamId = teamId
        self.createdAt = createdAt
    }
}

/// What a feed shows when its URL is opened, and whether its owner may still see it.
package struct CalendarFeedContent: Sendable {
    package var feed: CalendarFeed
    package var ownerRoles: Set<Role>
    package var ownerLanguage: Language
    /// The owner leads the feed's team (false for a person's own feed).
    package var ownerLeadsTeam: Bool
    /// The team's name, or the owner's.
    package var title: String
    package var absences: [(absence: Absence, name: String)]
    package var kinds: [String: LocalizedText]
    /// Kinds shown only to the person and admins.
    package var privateKinds: Set<String> = []

    package init(
        feed: CalendarFeed, ownerRoles: Set<Role>, ownerLanguage: Language, ownerLeadsTeam: Bool, title: String,
        absences: [(absence: Absence, name: String)], kinds: [String: LocalizedText]
    ) {
        self.feed = feed
        self.ownerRoles = ownerRoles
        self.ownerLanguage = ownerLanguage
        self.ownerLeadsTeam = ownerLeadsTeam
        self.title = title
        self.absences = absences
        self.kinds = kinds
    }

    /// A team's feed opens while its owner leads the team or is an admin; a person's own while
    /// they are active (an inactive owner's feed is not found at all).
    package var opens: Bool {
        feed.teamId == nil || ownerLeadsTeam || ownerRoles.contains(.admin)
    }
}

/// Calendar feeds and what they show.
package protocol CalendarFeedRepository: Sendable {
    /// A new feed; throws `CalendarFeedError.tooMany` when the owner has `CalendarFeed.maximumLive` live ones.
    func create(ownerId: UUID, teamId: UUID?, now: Date) async throws -> CalendarFeed
    /// The owner's feeds that are not revoked, newest first.
    func feeds(ownerId: UUID) async throws -> [CalendarFeed]
    /// False when the owner has no such live feed.
    func revoke(id: UUID, ownerId: UUID, now: Date) async throws -> Bool
    /// The feed's time off from `from` on, when it is live and its owner active; nil otherwise.
    func content(id: UUID, from: CalendarDay) async throws -> CalendarFeedContent?
}

extension CalendarFeed {
    /// A person's live feeds at most: each is a link that reads their (or a team's) time off, as
    /// a key does, and a calendar app needs one or two.
    package static let maximumLive = 20
}

package enum CalendarFeedError: Error, Sendable, Equatable {
    case tooMany(limit: Int)
}
