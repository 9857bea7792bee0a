import Foundation

/// A person's second factor as stored: a sealed TOTP secret, pending until a first code confirms it.
package struct SecondFactor: Sendable, Equatable {
    package var sealedSecret: [UInt8]
    package var createdAt: Date
    package var confirmedAt: Date?
    /// The newest 30-second step a code was accepted for; codes of it and before are spent.
    package var lastUsedStep: Int64?
    package var recoveryCodesLeft: Int

    package init(sealedSecret: [UInt8], createdAt: Date, confirmedAt: Date?, lastUsedStep: Int64?, recoveryCodesLeft: Int) {
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.confirmedAt = confirmedAt
        self.lastUsedStep = lastUsedStep
        self.recoveryCodesLeft = recoveryCodesLeft
    }

    /// Confirmed by a first code: password sign-ins need a code from now on.
    package var isActive: Bool { confirmedAt != nil }
}

/// Whether admins who sign in with a password must have a second factor (a deployment setting).
package enum AdminSecondFactorPolicy: String, Sendable, CaseIterable {
    /// An admin without a factor may sign in only to enrol one.
    case required
    /// A factor is each person's choice.
    case optional
}

/// What a password sign-in still needs before it gets tokens.
package enum SignInChallengePurpose: String, Sendable {
    /// A code from the enrolled factor, or a recovery code.
    case code
    /// An admin without a factor where one is required: enrolling one and confirming it with a
    /// first code completes the sign-in.
    case enrol
}

/// A password sign-in waiting for its second step.
package struct SignInChallenge: Sendable, Equatable {
    package var accountId: UUID
    package var purpose: SignInChallengePurpose
    package var client: String
    package var expiresAt: Date

    package init(accountId: UUID, purpose: SignInChallengePurpose, client: String, expiresAt: Date) {
        self.accountId = accountId
        self.purpose = purpose
        self.client = client
        self.expiresAt = expiresAt
    }
}

/// Why a second-factor action was refused.
package enum SecondFactorError: Error, Equatable, Sendable {
    /// Enrolling while a confirmed factor exists: disable it first (with a code).
    case alreadyActive
    /// Confirming, disabling or resetting where there is nothing to act on.
    case none
    /// The code (or recovery code) was not accepted.
    case codeRefused
    /// An admin resets another person's factor, never their own (they disable it with a code).
    case cannotResetOwn
}
