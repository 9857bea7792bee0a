import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/auth/second-factor*`, `/v1/me/second-factor*` and an admin's reset of another's factor.
extension AuthAPI {
    func completeSignIn(_ input: Operations.CompleteSignIn.Input) async throws -> Operations.CompleteSignIn.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.challenge, field: "body.challenge", maxLength: 100)
        validation.exactText(body.code, field: "body.code", maxLength: 40)
        try validation.check()
        let issued = try await auth.completeSignIn(challenge: body.challenge, code: body.code, address: RequestScope.current.clientAddress)
        return .ok(Self.signedIn(issued))
    }

    func startSignInEnrolment(_ input: Operations.StartSignInEnrolment.Input) async throws -> Operations.StartSignInEnrolment.Output {
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        var validation = InputValidation()
        validation.exactText(body.challenge, field: "body.challenge", maxLength: 100)
        try validation.check()
        let enrolment = try await auth.startEnrolment(challenge: body.challenge, address: RequestScope.current.clientAddress)
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(Self.enrolment(enrolment))))
    }

    func getMySecondFactor(_ input: Operations.GetMySecondFactor.Input) async throws -> Operations.GetMySecondFactor.Output {
        let caller = try RequestScope.requireCaller()
        let state = try await auth.secondFactorState(of: caller)
        let factor = state.factor
        return .ok(
            .init(
                body: .json(
                    .init(
                        state: factor.map { $0.isActive ? Components.Schemas.SecondFactorStatus.StatePayload.active : .pending }
                            ?? Components.Schemas.SecondFactorStatus.StatePayload.none,
                        confirmedAt: factor?.confirmedAt,
                        recoveryCodesLeft: factor?.recoveryCodesLeft ?? 0,
                        required: state.required
                    ))))
    }

    func enrolMySecondFactor(_ input: Operations.EnrolMySecondFactor.Input) async throws -> Operations.EnrolMySecondFactor.Output {
        let caller = try RequestScope.requireCaller()
        let enrolment = try await auth.startEnrolment(of: caller)
        return .created(.init(headers: .init(cacheControl: .noStore), body: .json(Self.enrolment(enrolment))))
    }

    func confirmMySecondFactor(_ input: Operations.ConfirmMySecondFactor.Input) async throws -> Operations.ConfirmMySecondFactor.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let code = try Self.code(body)
        let codes = try await auth.confirmEnrolment(of: caller, code: code, address: RequestScope.current.clientAddress)
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(.init(recoveryCodes: codes))))
    }

    func disableMySecondFactor(_ input: Operations.DisableMySecondFactor.Input) async throws -> Operations.DisableMySecondFactor.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        let code = try Self.code(body)
        try await auth.disableSecondFactor(of: caller, code: code, address: RequestScope.current.clientAddress)
        return .noContent(.init())
    }

    func resetUserSecondFactor(_ input: Operations.ResetUserSecondFactor.Input) async throws -> Operations.ResetUserSecondFactor.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.userId)
        guard try await accounts.find(id: id) != nil else { throw Problem(.notFound) }
        guard try await auth.resetSecondFactor(of: id, by: caller, fourEyes: fourEyes.settings) else {
            let pending = try await fourEyes.pendingChanges(personId: id).first { $0.change.kind == .resetAdminSecondFactor }
            guard let pending else { throw Problem(.notFound) }
            return .accepted(.init(body: .json(PeopleSchemas.pending(pending))))
        }
        return .noContent(.init())
    }

    private static func code(_ body: Components.Schemas.SecondFactorCode) throws -> String {
        var validation = InputValidation()
        validation.exactText(body.code, field: "body.code", maxLength: 40)
        try validation.check()
        return body.code
    }

    private static func enrolment(_ enrolment: AuthService.Enrolment) -> Components.Schemas.SecondFactorEnrolment {
        .init(secret: enrolment.secret, uri: enrolment.uri, qrCodeSvg: enrolment.qrCodeSVG)
    }
}
