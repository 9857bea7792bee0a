import Foundation

/// The password was right, and the sign-in needs a second step before any token: a code from the
/// account's second factor (`purpose` `.code`), or, for an admin without one where admins must
/// have one, enrolling one (`.enrol`, with `startSignInEnrolment`). The challenge lives until
/// `expiresAt`.
public struct SecondStepRequired: Error, Sendable {
    public var challenge: String
    public var purpose: Components.Schemas.SecondStep.PurposePayload
    public var expiresAt: Date
}
