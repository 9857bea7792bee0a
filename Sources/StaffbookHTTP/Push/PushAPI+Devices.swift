import Foundation
import OpenAPIRuntime
import StaffbookAPI
import StaffbookCore

/// `/v1/me/devices`: phones the mobile app registered for Apple's push service, each bound to the
/// session that registered it.
extension PushAPI {
    func listMyDevices(_ input: Operations.ListMyDevices.Input) async throws -> Operations.ListMyDevices.Output {
        let caller = try RequestScope.requireCaller()
        let items = try await devices.devices(accountId: caller.accountId, now: clock.now())
        return .ok(.init(body: .json(.init(items: items.map { Self.device($0, caller: caller) }))))
    }

    func registerDevice(_ input: Operations.RegisterDevice.Input) async throws -> Operations.RegisterDevice.Output {
        let caller = try RequestScope.requireCaller()
        guard case .json(let body) = input.body else { throw Problem(.unsupportedMediaType) }
        guard apnsConfigured else { throw Problem(.pushNotConfigured) }
        guard let token = PushDevice.token(body.token) else {
            var validation = InputValidation()
            validation.fail("body.token", "syntax", PushTexts.deviceToken)
            try validation.check()
            throw Problem(.validationFailed)
        }
        let device = try await devices.register(token: token, accountId: caller.accountId, sessionId: caller.sessionId, now: clock.now())
        return .created(.init(body: .json(Self.device(device, caller: caller))))
    }

    func removeDevice(_ input: Operations.RemoveDevice.Input) async throws -> Operations.RemoveDevice.Output {
        let caller = try RequestScope.requireCaller()
        let id = try InputValidation.pathID(input.path.deviceId)
        guard try await devices.remove(id: id, accountId: caller.accountId) else { throw Problem(.notFound) }
        return .noContent(.init())
    }

    static func device(_ device: PushDevice, caller: Caller) -> Components.Schemas.PushDevice {
        .init(id: device.id.lowercasedString, token: device.token, createdAt: device.createdAt, thisSession: device.sessionId == caller.sessionId)
    }
}
