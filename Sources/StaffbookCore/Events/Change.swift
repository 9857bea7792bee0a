import Foundation

/// One entry of a changes feed: an event at its position, with the resource's state after the
/// change as JSON, or a tombstone when the resource was deleted.
package struct Change: Sendable, Equatable {
    package var position: Int64
    package var eventId: UUID
    package var type: EventType
    package var resource: EventResource
    package var subject: String
    package var deleted: Bool
    /// A JSON object as the database wrote it.
    package var data: String
    package var occurredAt: Date

    package init(
        position: Int64, eventId: UUID, type: EventType, resource: EventResource, subject: String, deleted: Bool, data: String, occurredAt: Date
    ) {
        self.position = position
        self.eventId = eventId
        self.type = type
        self.resource = resource
        self.subject = subject
        self.deleted = deleted
        self.data = data
        self.occurredAt = occurredAt
    }
}

/// Whose changes a feed reads.
package enum ChangeScope: Sendable, Equatable {
    case person(UUID)
    /// The current members of a team.
    case team(UUID)
}

/// A feed read: whose changes, and which kinds of record its reader may read through the API
/// (the same access decision as the operations that read them), so that nothing reaches a reader
/// through the feed that the API would answer 404 or 403 for.
package struct ChangeRequest: Sendable, Equatable {
    package var scope: ChangeScope
    package var resources: [EventResource]

    package init(_ scope: ChangeScope, resources: [EventResource]) {
        self.scope = scope
        self.resources = resources
    }
}

/// Where a device's last sync ended: a position in the feed, opaque to clients.
package struct ChangeCursor: Sendable, Equatable, Comparable {
    package var position: Int64

    package init(position: Int64) {
        self.position = position
    }

    /// Parses a cursor from a client: digits only, no more than a position can be.
    package init?(_ text: String) {
        guard (1...19).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(text), value >= 0
        else { return nil }
        position = value
    }

    package var text: String { String(position) }

    package static func < (lhs: ChangeCursor, rhs: ChangeCursor) -> Bool { lhs.position < rhs.position }
}

/// A page of a changes feed.
package enum ChangeRead: Sendable, Equatable {
    /// The changes after the cursor in order, where the next read starts, and whether more are
    /// waiting already.
    case page(changes: [Change], next: ChangeCursor, more: Bool)
    /// The cursor is older than the history kept: the device syncs from scratch.
    case expired
}

package protocol ChangeFeedRepository: Sendable {
    /// Changes in `scope` after `cursor`, at most `limit`; without a cursor, none and the
    /// position now (where a device that has just synced from scratch starts).
    func changes(_ request: ChangeRequest, after cursor: ChangeCursor?, limit: Int) async throws -> ChangeRead
    /// Forgets events that occurred before `before`; returns how many.
    func prune(before: Date) async throws -> Int
}

/// How long the events behind the changes feed and the webhook delivery logs are kept: a device
/// that has not synced for longer starts over.
package enum ChangeRetention {
    package static let kept: TimeInterval = 30 * 24 * 3600
}
