import Foundation
import HTTPTypes
import OpenAPIRuntime
import StaffbookCore

/// Who may call each operation of the contract. An operation missing here is refused (and a
/// test fails), so a new route cannot be exposed by accident.
enum Access: Sendable, Equatable {
    /// No token needed (sign-in, health).
    case anyone
    /// Any signed-in account: every account is a worker.
    case signedIn
    /// Only accounts holding one of these roles; others get 404, as if the route did not exist.
    case anyOf(Set<Role>)
}

package enum AccessPolicy {
    static let operations: [String: Access] = [
        "getLiveness": .anyone,
        "getReadiness": .anyone,
        "getOpenAPIDocument": .anyone,
        "getDocs": .anyone,
        "getMetrics": .anyone,
        "signInWithPassword": .anyone,
        "signInWithGoogle": .anyone,
        "refreshTokens": .anyone,
        "logout": .signedIn,
        "getMe": .signedIn,
        "listMySessions": .signedIn,
        "endMySession": .signedIn,
        "getMyRate": .signedIn,
        // Whose profile and rates are checked per person: self, led team members, or admin.
        "getUser": .signedIn,
        "listUserRates": .signedIn,
        "listUsers": .anyOf([.teamLeader, .admin]),
        "listTeams": .anyOf([.teamLeader, .admin]),
        "createUser": .anyOf([.admin]),
        "updateUser": .anyOf([.admin]),
        "getMyBillingDetails": .signedIn,
        "putMyBillingDetails": .signedIn,
        "getUserBillingDetails": .anyOf([.admin]),
        "putUserBillingDetails": .anyOf([.admin]),
        "confirmInvoiceBankAccount": .anyOf([.admin]),
        "deactivateUser": .anyOf([.admin]),
        "reactivateUser": .anyOf([.admin]),
        "addContract": .anyOf([.admin]),
        "endContract": .anyOf([.admin]),
        "addUserRate": .anyOf([.admin]),
        "deleteUserRate": .anyOf([.admin]),
        "correctUserRate": .anyOf([.admin]),
        "listRateIncreases": .anyOf([.admin]),
        "getAverageRateIncrease": .anyOf([.admin]),
        "createTeam": .anyOf([.admin]),
        "renameTeam": .anyOf([.admin]),
        "putTeamMember": .anyOf([.admin]),
        "removeTeamMember": .anyOf([.admin]),
        "listMyInvoices": .signedIn,
        "uploadMyInvoice": .signedIn,
        "getMyEarnings": .signedIn,
        // The invoice's owner or an admin; checked per invoice.
        "downloadInvoiceFile": .signedIn,
        "listInvoiceFiles": .signedIn,
        "downloadInvoiceFileVersion": .signedIn,
        "createFileLink": .signedIn,
        // The link is the credential: its signature, expiry and caller are checked per request.
        "downloadByFileLink": .anyone,
        "getInvoice": .signedIn,
        "listInvoices": .anyOf([.admin]),
        "actOnInvoice": .anyOf([.admin]),
        "bulkActOnInvoices": .anyOf([.admin]),
        "listMissingInvoices": .anyOf([.admin]),
        "remindMissingInvoice": .anyOf([.admin]),
        "generateStatements": .anyOf([.admin]),
        "exportInvoices": .anyOf([.admin]),
        "markInvoicesExported": .anyOf([.admin]),
        "acceptInvitation": .anyone,
        "requestPasswordReset": .anyone,
        "resetPassword": .anyone,
        "resendInvitation": .anyOf([.admin]),
        "listMyNotifications": .signedIn,
        "listNotifications": .anyOf([.admin]),
        "getMyNotificationPreferences": .signedIn,
        "putMyNotificationPreferences": .signedIn,
        "getReminderSettings": .anyOf([.admin]),
        "putReminderSettings": .anyOf([.admin]),
        "listJobs": .anyOf([.admin]),
        "runJob": .anyOf([.admin]),
        "listClients": .anyOf([.teamLeader, .admin]),
        "createClient": .anyOf([.admin]),
        "updateClient": .anyOf([.admin]),
        // Which projects a caller sees and manages is decided per project.
        "listProjects": .signedIn,
        "createProject": .anyOf([.teamLeader, .admin]),
        "updateProject": .anyOf([.teamLeader, .admin]),
        "listMyTimeEntries": .signedIn,
        "createMyTimeEntry": .signedIn,
        "applyMyTimeEntryBatch": .signedIn,
        "updateMyTimeEntry": .signedIn,
        "deleteMyTimeEntry": .signedIn,
        "exportMyTimeEntries": .signedIn,
        "importMyTimeEntries": .signedIn,
        "getMyTimeSummary": .signedIn,
        "getMyTimer": .signedIn,
        "updateMyTimer": .signedIn,
        "startMyTimer": .signedIn,
        "stopMyTimer": .signedIn,
        "cancelMyTimer": .signedIn,
        // Self, led team members, or admin: checked per person.
        "listUserTimeEntries": .signedIn,
        "getUserTimeSummary": .signedIn,
        "updateUserTimeEntry": .anyOf([.admin]),
        "deleteUserTimeEntry": .anyOf([.admin]),
        "getTimeReport": .anyOf([.admin]),
        "getMyTimesheet": .signedIn,
        "submitMyTimesheet": .signedIn,
        // A leader of one of the person's teams, or an admin: checked per person (per team).
        "approveTimesheet": .anyOf([.teamLeader, .admin]),
        "returnTimesheet": .anyOf([.teamLeader, .admin]),
        "reopenTimesheet": .anyOf([.admin]),
        "getTeamTimeSummary": .anyOf([.teamLeader, .admin]),
        "listAbsenceKinds": .signedIn,
        "putAbsenceKind": .anyOf([.admin]),
        "listMyAbsences": .signedIn,
        "requestAbsence": .signedIn,
        // The person, a leader of one of their teams, or an admin: checked per request.
        "approveAbsence": .anyOf([.teamLeader, .admin]),
        "rejectAbsence": .anyOf([.teamLeader, .admin]),
        "cancelAbsence": .signedIn,
        "listTeamAbsences": .anyOf([.teamLeader, .admin]),
        "getMyVacationBalance": .signedIn,
        // A leader of one of the person's teams, or an admin: checked per request.
        "getVacationBalance": .anyOf([.teamLeader, .admin]),
        "listAbsences": .anyOf([.admin]),
        "setVacationEntitlement": .anyOf([.admin]),
        "clearVacationEntitlement": .anyOf([.admin]),
        // A team's feed: a leader of that team, or an admin; checked per team.
        "createCalendarFeed": .signedIn,
        "listMyCalendarFeeds": .signedIn,
        "revokeCalendarFeed": .signedIn,
        // The signed URL is the credential; its owner's access is checked again at every read.
        "readCalendarFeed": .anyone,
        "exportTimeEntries": .anyOf([.admin]),
        "getPaymentSettings": .anyOf([.admin]),
        "putPaymentSettings": .anyOf([.admin]),
        "listPaymentRuns": .anyOf([.admin]),
        "createPaymentRun": .anyOf([.admin]),
        "getPaymentRun": .anyOf([.admin]),
        "downloadPaymentRunFile": .anyOf([.admin]),
        "markPaymentRunSent": .anyOf([.admin]),
        "createPaymentRunFileLink": .anyOf([.admin]),
        "cancelPaymentRun": .anyOf([.admin]),
        "importBankStatement": .anyOf([.admin]),
        "listMyTokens": .signedIn,
        "createMyToken": .signedIn,
        "revokeMyToken": .signedIn,
        "listUserTokens": .anyOf([.admin]),
        "revokeUserToken": .anyOf([.admin]),
    ]

    /// What a personal access token needs, besides its person's roles, for each operation: one of
    /// these scopes. An operation missing here is for signed-in sessions only (403 to a token):
    /// managing tokens, everything an admin or a leader does, and changing one's account.
    static let tokenScopes: [String: Set<TokenScope>] = [
        "getMe": Set(TokenScope.allCases),
        "getMyTimer": [.timer, .timeRead],
        "startMyTimer": [.timer],
        "stopMyTimer": [.timer],
        "cancelMyTimer": [.timer],
        "updateMyTimer": [.timer],
        "listProjects": [.timer, .timeRead, .timeWrite],
        "listMyTimeEntries": [.timeRead],
        "getMyTimeSummary": [.timeRead],
        "exportMyTimeEntries": [.timeRead],
        "createMyTimeEntry": [.timeWrite],
        "applyMyTimeEntryBatch": [.timeWrite],
        "updateMyTimeEntry": [.timeWrite],
        "deleteMyTimeEntry": [.timeWrite],
        "importMyTimeEntries": [.timeWrite],
        "getMyTimesheet": [.timeRead],
        "listMyInvoices": [.invoicesRead],
        "getInvoice": [.invoicesRead],
        "downloadInvoiceFile": [.invoicesRead],
        "listInvoiceFiles": [.invoicesRead],
        "downloadInvoiceFileVersion": [.invoicesRead],
        "getMyEarnings": [.invoicesRead],
    ]
}

/// Enforces `AccessPolicy` before any generated handler runs. Operations open to anyone ignore
/// the `Authorization` header; the others authenticate it here and hand the caller on.
struct AccessPolicyMiddleware: ServerMiddleware {
    let auth: AuthService
    let visibility: PersonVisibility

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let required: Set<Role>?
        switch AccessPolicy.operations[operationID] {
        case .anyone:
            return try await next(request, body, metadata)
        case .signedIn:
            required = nil
        case .anyOf(let roles):
            required = roles
        case nil:
            throw Problem(.notFound)
        }
        var scope = RequestScope.current
        let caller: Caller
        switch scope.credentials {
        case nil:
            throw Problem.unauthenticated(invalidToken: false)
        case .malformed:
            throw Problem.unauthenticated(invalidToken: true)
        case .bearer(let token):
            caller = try await auth.authenticate(bearer: token, address: scope.clientAddress)
        }
        if let required, caller.roles.isDisjoint(with: required) { throw Problem(.notFound) }
        if let scopes = caller.scopes {
            let needed = AccessPolicy.tokenScopes[operationID] ?? []
            guard PersonalTokenRules.allows(scopes, operationNeeding: needed) else {
                // Someone the owner may not see is not there for their token either: the same
                // 404 the owner's session gets, not a hint to sign in.
                if let named = metadata.pathParameters["userId"].flatMap({ UUID(uuidString: String($0)) }) {
                    do {
                        try await visibility.requireVisible(named, to: caller)
                    } catch PeopleError.personNotFound {
                        throw Problem(.notFound)
                    }
                }
                throw AuthError.insufficientScope(needed: needed)
            }
        }
        scope.caller = caller
        return try await RequestScope.$current.withValue(scope) {
            try await next(request, body, metadata)
        }
    }
}
