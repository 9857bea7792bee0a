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

enum AccessPolicy {
    static let operations: [String: Access] = [
        "getLiveness": .anyone,
        "getReadiness": .anyone,
        "getOpenAPIDocument": .anyone,
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
        "deactivateUser": .anyOf([.admin]),
        "reactivateUser": .anyOf([.admin]),
        "addContract": .anyOf([.admin]),
        "endContract": .anyOf([.admin]),
        "addUserRate": .anyOf([.admin]),
        "deleteUserRate": .anyOf([.admin]),
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
        "getInvoice": .signedIn,
        "listInvoices": .anyOf([.admin]),
        "actOnInvoice": .anyOf([.admin]),
        "bulkActOnInvoices": .anyOf([.admin]),
        "listMissingInvoices": .anyOf([.admin]),
        "generateStatements": .anyOf([.admin]),
        "exportInvoices": .anyOf([.admin]),
        "markInvoicesExported": .anyOf([.admin]),
    ]
}

/// Enforces `AccessPolicy` before any generated handler runs.
struct AccessPolicyMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        switch AccessPolicy.operations[operationID] {
        case .anyone:
            break
        case .signedIn:
            _ = try RequestScope.requireCaller()
        case .anyOf(let roles):
            let caller = try RequestScope.requireCaller()
            guard !caller.roles.isDisjoint(with: roles) else { throw Problem(.notFound) }
        case nil:
            throw Problem(.notFound)
        }
        return try await next(request, body, metadata)
    }
}
