import Foundation

/// Second factors, their recovery codes and the sign-ins waiting for them. Every change is
/// audited in its own transaction.
package protocol SecondFactorRepository: Sendable {
    /// The account's factor, pending or confirmed; nil when it has none.
    func find(accountId: UUID) async throws -> SecondFactor?
    /// Stores a new pending factor, replacing a pending one; false when a confirmed one exists.
    func startEnrolment(accountId: UUID, sealedSecret: [UInt8], by: UUID, now: Date) async throws -> Bool
    /// Confirms the pending factor with the step its first code belongs to and stores the
    /// recovery codes' hashes; false when there is no pending factor (or it was confirmed meanwhile).
    func confirm(accountId: UUID, step: Int64, recoveryCodeHashes: [[UInt8]], by: UUID, now: Date) async throws -> Bool
    /// Marks `step` used if it is newer than the last one used: true for exactly one of several
    /// sign-ins racing with the same code.
    func useStep(accountId: UUID, step: Int64) async throws -> Bool
    /// Spends an unused recovery code; false when it is unknown or spent.
    func useRecoveryCode(accountId: UUID, hash: [UInt8], now: Date) async throws -> Bool
    /// Removes the factor and its recovery codes (`reason` is `disabled` or `reset`); false when there is none.
    func remove(accountId: UUID, by: UUID, reason: String, now: Date) async throws -> Bool
    /// Another person's factor removed by an admin; an admin's waits for a second admin while the
    /// four-eyes rule applies (`AdminChanges`).
    func reset(accountId: UUID, by: UUID, fourEyes: FourEyesSettings, now: Date) async throws -> SecondFactorReset

    /// Starts a sign-in's wait for its second step.
    func createChallenge(secretHash: [UInt8], challenge: SignInChallenge, now: Date) async throws
    /// The live challenge with this secret; expired ones answer nil.
    func challenge(secretHash: [UInt8], now: Date) async throws -> SignInChallenge?
    /// Counts a wrong code against the challenge, ending it at `limit`.
    func recordChallengeFailure(secretHash: [UInt8], limit: Int) async throws
    /// Ends a challenge; true for the one caller that ended it (a completed sign-in is used once).
    func endChallenge(secretHash: [UInt8], now: Date) async throws -> Bool
}

/// What an admin's removal of someone's second factor did.
package enum SecondFactorReset: Sendable, Equatable {
    case removed
    /// Another admin's: recorded as asked, a second admin's same request removes it.
    case requested
    /// There is no factor to remove.
    case none
}
