import Foundation
import OpenAPIRuntime
import StaffbookAPI

/// `/v1/auth/*`: sign-in, refresh, sign-out.
struct AuthHandler: Sendable {
    let auth: AuthService

    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        try Self.validate([
            ("body.email", body.email, 254),
            ("body.password", body.password, 200),
        ])
        let scope = RequestScope.current
        let issued = try await auth.signIn(
            email: body.email.trimmingCharacters(in: .whitespaces),
            password: body.password,
            client: Self.clientDescription(body.client),
            address: scope.clientAddress
        )
        return .ok(Self.signedIn(issued))
    }

    func signInWithGoogle(_ input: Operations.SignInWithGoogle.Input) async throws -> Operations.SignInWithGoogle.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        try Self.validate([("body.idToken", body.idToken, 8192)])
        let issued = try await auth.signIn(
            googleIDToken: body.idToken,
            client: Self.clientDescription(body.client),
            address: RequestScope.current.clientAddress
        )
        return .ok(Self.signedIn(issued))
    }

    func refreshTokens(_ input: Operations.RefreshTokens.Input) async throws -> Operations.RefreshTokens.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        try Self.validate([("body.refreshToken", body.refreshToken, 200)])
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
            body: .json(.init(
                accessToken: issued.accessToken,
                refreshToken: issued.refreshToken,
                tokenType: .bearer,
                expiresIn: issued.expiresIn,
                user: MeHandler.user(issued.account)
            ))
        )
    }

    /// The device's own description, else the User-Agent, at most 200 characters.
    private static func clientDescription(_ given: String?) -> String {
        let text = given?.trimmingCharacters(in: .whitespacesAndNewlines)
        let chosen = (text?.isEmpty == false ? text : nil) ?? RequestScope.current.userAgent ?? ""
        return String(chosen.prefix(200))
    }

    /// Required text fields: present, not blank, not longer than allowed.
    private static func validate(_ fields: [(name: String, value: String, maxLength: Int)]) throws {
        var errors: [Problem.FieldError] = []
        for field in fields {
            if field.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                errors.append(.init(field: field.name, code: "required", message: LocalizedText(
                    en: "This field must not be empty.", cs: "Toto pole nesmí být prázdné."
                )))
            } else if field.value.count > field.maxLength {
                errors.append(.init(field: field.name, code: "too_long", message: LocalizedText(
                    en: "At most \(field.maxLength) characters.", cs: "Nejvýše \(field.maxLength) znaků."
                )))
            }
        }
        if !errors.isEmpty { throw Problem(.validationFailed, fieldErrors: errors) }
    }
}
