import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/auth/*`: sign-in, refresh, sign-out.
extension AuthAPI {
    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.email, field: "body.email", maxLength: 254)
        validation.exactText(body.password, field: "body.password", maxLength: 200)
        try validation.check()
        let scope = RequestScope.current
        let outcome = try await auth.signIn(
            email: body.email.trimmingCharacters(in: .whitespaces),
            password: body.password,
            client: Self.clientDescription(body.client),
            address: scope.clientAddress
        )
        switch outcome {
        case .signedIn(let issued):
            return .ok(Self.signedIn(issued))
        case .secondStep(let step):
            return .accepted(
                .init(
                    headers: .init(cacheControl: .noStore),
                    body: .json(.init(challenge: step.challenge, purpose: .init(rawValue: step.purpose.rawValue) ?? .code, expiresAt: step.expiresAt))
                ))
        }
    }

    func signInWithGoogle(_ input: Operations.SignInWithGoogle.Input) async throws -> Operations.SignInWithGoogle.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.idToken, field: "body.idToken", maxLength: 8192)
        try validation.check()
        let issued = try await auth.signIn(
            googleIDToken: body.idToken,
            client: Self.clientDescription(body.client),
            address: RequestScope.current.clientAddress
        )
        return .ok(Self.signedIn(issued))
    }

    func refreshTokens(_ input: Operations.RefreshTokens.Input) async throws -> Operations.RefreshTokens.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.refreshToken, field: "body.refreshToken", maxLength: 200)
        try validation.check()
        return .ok(Self.signedIn(try await auth.refresh(body.refreshToken)))
    }

    func logout(_ input: Operations.Logout.Input) async throws -> Operations.Logout.Output {
        let caller = try RequestScope.requireCaller()
        _ = try await auth.endSession(caller.sessionId, of: caller, reason: .logout)
        return .noContent(.init())
    }

    static func signedIn(_ issued: AuthService.Issued) -> Components.Responses.SignedIn {
        .init(
            headers: .init(cacheControl: .noStore),
            body: .json(
                .init(
                    accessToken: issued.accessToken,
                    refreshToken: issued.refreshToken,
                    tokenType: .bearer,
                    expiresIn: issued.expiresIn,
                    user: PeopleSchemas.user(issued.account),
                    recoveryCodes: issued.recoveryCodes
                ))
        )
    }

    /// The device's own description, else the User-Agent, at most 200 characters (no controls).
    private static func clientDescription(_ given: String?) -> String {
        let text = given?.trimmingCharacters(in: .whitespacesAndNewlines)
        let chosen = (text?.isEmpty == false ? text : nil) ?? RequestScope.current.userAgent ?? ""
        return String(String.UnicodeScalarView(chosen.unicodeScalars.filter { !TextInput.isForbidden($0) }.prefix(200)))
    }
}
