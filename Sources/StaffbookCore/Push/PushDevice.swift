import Foundation

/// A phone the mobile app registered for Apple's push service (APNs): the device token the app got
/// from the system, kept while the session that registered it lasts.
package struct PushDevice: Sendable, Equatable {
    package var id: UUID
    package var accountId: UUID
    package var sessionId: UUID
    /// The device token, lowercase hex (32 bytes today; Apple reserves up to 100).
    package var token: String
    package var createdAt: Date

    package init(id: UUID, accountId: UUID, sessionId: UUID, token: String, createdAt: Date) {
        self.id = id
        self.accountId = accountId
        self.sessionId = sessionId
        self.token = token
        self.createdAt = createdAt
    }

    /// A device token as the app sends it: hex, an even number of digits for 32 to 100 bytes;
    /// nil when it is not one. Spaces and angle brackets (how an `NSData` token prints) are
    /// dropped and the digits are lowercased, so one device is one token however it was written.
    package static func token(_ text: String) -> String? {
        guard text.utf8.count <= 300 else { return nil }
        let digits = text.unicodeScalars.filter { !" <>".unicodeScalars.contains($0) }
        guard digits.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }),
            digits.count % 2 == 0, (64...200).contains(digits.count)
        else { return nil }
        return String(String.UnicodeScalarView(digits)).lowercased()
    }
}

package protocol PushDeviceRepository: Sendable {
    /// Registers the token for the person's session (moving their own from an older session, or
    /// one whose session ended: the phone changed hands after a sign-out); a person keeps their
    /// newest `PushLimits.perPerson`. A token another person's live session holds throws
    /// `PushError.registeredToAnother`.
    func register(token: String, accountId: UUID, sessionId: UUID, now: Date) async throws -> PushDevice
    /// The person's devices whose session has not ended by `now`.
    func devices(accountId: UUID, now: Date) async throws -> [PushDevice]
    func device(id: UUID) async throws -> PushDevice?
    /// Removes one of the person's; false when they have no such device.
    func remove(id: UUID, accountId: UUID) async throws -> Bool
    /// Forgets a device APNs says is gone, unless it was registered again since `registeredAt`.
    func forget(id: UUID, registeredAt: Date) async throws
}
