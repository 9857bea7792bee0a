import StaffbookCore

/// Which records a changes feed carries for its reader: those the reader may read through the
/// API, decided by the access tables of the operations that read them (roles and a personal
/// token's scopes) — not a second list. A team leader's team feed carries the members' time,
/// timesheets and time off (what the leader reads of them), not their invoices (404 for the
/// leader in the API); a personal key with `time:read` only reads no invoice in its own feed.
enum FeedAccess {
    /// The operation that reads each kind of record of the caller themselves, and of someone
    /// else (nil: nobody reads another's through the API).
    static let readers: [EventResource: (own: String, others: String?)] = [
        .timeEntry: ("listMyTimeEntries", "listUserTimeEntries"),
        // "Its owner or an admin" (`Caller.mayRead`): another's invoices are the admins' list.
        .invoice: ("listMyInvoices", "listInvoices"),
        .timesheet: ("getMyTimesheet", "getTeamTimeSummary"),
        .absence: ("listMyAbsences", "listTeamAbsences"),
        .person: ("getMe", "getUser"),
        .paymentRun: ("getPaymentRun", "getPaymentRun"),
    ]

    /// The kinds `caller` may read of their own records (`own`) or of other people's.
    static func resources(for caller: Caller, own: Bool) -> [EventResource] {
        EventResource.allCases.filter { resource in
            guard let reader = readers[resource], let operation = own ? reader.own : reader.others else { return false }
            return AccessPolicy.allows(operation, caller: caller)
        }
    }
}

extension AccessPolicy {
    /// Whether `caller` may call `operation`: its roles, and a personal token's scopes.
    static func allows(_ operation: String, caller: Caller) -> Bool {
        guard allows(operation, roles: caller.roles) else { return false }
        guard let scopes = caller.scopes else { return true }
        return PersonalTokenRules.allows(scopes, operationNeeding: tokenScopes[operation] ?? [])
    }
}
