import Foundation

/// One change as the audit log keeps it: who did what to whom, when, in which request, and the
/// fields that changed (before → after; never a secret).
package struct AuditEntry: Sendable, Equatable {
    package var id: Int64
    package var at: Date
    package var kind: AuditKind
    package var entityId: UUID
    package var action: String
    package var subject: AuditPerson
    package var actor: AuditPerson?
    package var requestId: String?
    package var changes: [AuditChange]

    package init(
        id: Int64, at: Date, kind: AuditKind, entityId: UUID, action: String, subject: AuditPerson, actor: AuditPerson?, requestId: String?,
        changes: [AuditChange]
    ) {
        self.id = id
        self.at = at
        self.kind = kind
        self.entityId = entityId
        self.action = action
        self.subject = subject
        self.actor = actor
        self.requestId = requestId
        self.changes = changes
    }
}

package struct AuditPerson: Sendable, Equatable {
    package var id: UUID
    package var name: String

    package init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

package struct AuditChange: Sendable, Equatable {
    package var field: String
    package var from: String?
    package var to: String?

    package init(field: String, from: String?, to: String?) {
        self.field = field
        self.from = from
        self.to = to
    }
}

/// What a change was made to.
package enum AuditKind: String, Sendable, CaseIterable {
    case account, contract
    case hourlyRate = "hourly_rate"
    case teamMembership = "team_membership"
    case timeEntry = "time_entry"
    case invoice
    case personalAccessToken = "personal_access_token"
    case timesheet, absence
    case calendarFeed = "calendar_feed"
    case vacationEntitlement = "vacation_entitlement"
    case absenceKind = "absence_kind"
    case secondFactor = "second_factor"
    case session
    case paymentRun = "payment_run"
    case setting
    case webhookEndpoint = "webhook_endpoint"
    /// A person's data handed over (the export), and later its erasure.
    case personalData = "personal_data"
}

/// Which changes to read: about a person, by a person, of some kinds, within a time.
package struct AuditFilter: Sendable, Equatable {
    package var subjectId: UUID?
    package var actorId: UUID?
    package var kinds: Set<AuditKind>
    package var from: Date?
    package var to: Date?

    package init(subjectId: UUID? = nil, actorId: UUID? = nil, kinds: Set<AuditKind> = [], from: Date? = nil, to: Date? = nil) {
        self.subjectId = subjectId
        self.actorId = actorId
        self.kinds = kinds
        self.from = from
        self.to = to
    }
}

/// Keyset position in the audit log, newest first: the row's number.
package struct AuditPosition: PagePosition {
    package var id: Int64

    package enum CodingKeys: String, CodingKey {
        case id = "i"
    }

    package init(id: Int64) {
        self.id = id
    }

    package var isValid: Bool { id > 0 }
}

package protocol AuditRepository: Sendable {
    /// A page of changes, newest first.
    func list(_ filter: AuditFilter, page: PageRequest<AuditPosition>) async throws -> [AuditEntry]
}
