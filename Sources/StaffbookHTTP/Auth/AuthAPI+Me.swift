import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me*`: the caller's own account and sessions.
extension AuthAPI {
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let caller = try RequestScope.requireCaller()
        guard let profile = try await accounts.profile(id: caller.accountId) else {
            throw Problem.unauthenticated(invalidToken: true)
        }
        let account = profile.account
        return .ok(
            .init(
                body: .json(
                    .init(
                        id: account.id.lowercasedString, email: account.email, firstName: account.firstName, lastName: account.lastName,
                        academicTitle: profile.academicTitle, position: profile.position,
                        capacityHoursPerWeek: profile.capacityHoursPerWeek.map { NSDecimalNumber(decimal: $0).doubleValue },
                        phone: profile.phone, personalEmail: profile.personalEmail,
                        language: profile.language == .en ? .en : .cs, roles: account.roles.sorted().map(PeopleSchemas.role)
                    ))))
    }

    func listMySessions(_ input: Operations.ListMySessions.Input) async throws -> Operations.ListMySessions.Output {
        let caller = try RequestScope.requireCaller()
        let sessions = try await auth.activeSessions(of: caller)
        return .ok(
            .init(
                body: .json(
                    .init(
                        items: sessions.map { session in
                            .init(
                                id: session.id.lowercasedString,
                                createdAt: session.createdAt,
                                lastUsedAt: session.lastUsedAt,
                                client: session.client,
                                current: session.id == caller.sessionId
                            )
                        }))))
    }

    func endMySession(_ input: Operations.EndMySession.Input) async throws -> Operations.EndMySession.Output {
        let caller = try RequestScope.requireCaller()
        guard let sessionId = UUID(uuidString: input.path.sessionId),
            try await auth.endSession(sessionId, of: caller, reason: .endedByUser)
        else {
            throw Problem(
                .notFound,
                detail: AuthTexts.noSuchSession)
        }
        return .noContent(.init())
    }
}
