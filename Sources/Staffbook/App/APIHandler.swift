import StaffbookAPI

/// The generated `APIProtocol`, answered by one handler per domain area.
struct APIHandler: APIProtocol {
    let operations: OperationsHandler
    let auth: AuthHandler
    let me: MeHandler

    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        try await operations.getLiveness(input)
    }

    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        try await operations.getReadiness(input)
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        try await operations.getOpenAPIDocument(input)
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        try await operations.getMetrics(input)
    }

    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        try await auth.signInWithPassword(input)
    }

    func signInWithGoogle(_ input: Operations.SignInWithGoogle.Input) async throws -> Operations.SignInWithGoogle.Output {
        try await auth.signInWithGoogle(input)
    }

    func refreshTokens(_ input: Operations.RefreshTokens.Input) async throws -> Operations.RefreshTokens.Output {
        try await auth.refreshTokens(input)
    }

    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output {
        try await auth.logout(input)
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        try await me.getMe(input)
    }

    func listMySessions(_ input: Operations.ListMySessions.Input) async throws -> Operations.ListMySessions.Output {
        try await me.listMySessions(input)
    }

    func endMySession(_ input: Operations.EndMySession.Input) async throws -> Operations.EndMySession.Output {
        try await me.endMySession(input)
    }
}
