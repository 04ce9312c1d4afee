import Foundation

/// A user's two-step sign-in: the TOTP secret sealed under the server key, whether it is on (an
/// enrolment is pending until a first code confirms it) and the last step whose code was accepted.
public struct TwoFactorState: Sendable, Equatable {
    public var userID: String
    /// The secret sealed with AES-GCM by the server (nonce, ciphertext, tag).
    public var sealedSecret: [UInt8]
    /// When a code confirmed the enrolment; nil while it is pending.
    public var enabledAt: Date?
    /// The TOTP step of the last accepted code: no code of this step or an earlier one is accepted.
    public var lastUsedStep: Int64?
    /// Unused recovery codes.
    public var recoveryCodesLeft: Int

    public var enabled: Bool { enabledAt != nil }

    public init(
        userID: String, sealedSecret: [UInt8], enabledAt: Date?, lastUsedStep: Int64?, recoveryCodesLeft: Int
    ) {
        self.userID = userID
        self.sealedSecret = sealedSecret
        self.enabledAt = enabledAt
        self.lastUsedStep = lastUsedStep
        self.recoveryCodesLeft = recoveryCodesLeft
    }
}

/// Where two-step sign-in lives. Implemented on SQL by `SQLTwoFactorStore`; every method that
/// accepts a code does so atomically, so two servers given the same code accept it once.
public protocol TwoFactorStore: Sendable {
    func state(userID: String) async throws -> TwoFactorState?
    /// Starts (or restarts) an enrolment with a new secret; throws `DomainError.conflict` when two-step
    /// sign-in is already on.
    func beginEnrolment(userID: String, sealedSecret: [UInt8], now: Date) async throws
    /// Turns a pending enrolment on, recording `step` as used and storing the recovery codes' hashes;
    /// false when there is no pending enrolment (none, or already on).
    func enable(userID: String, step: Int64, recoveryCodeHashes: [String], now: Date) async throws -> Bool
    /// Records `step` as used when it is later than the last used one; false when it is not (a replay).
    func useStep(userID: String, step: Int64) async throws -> Bool
    /// Deletes the recovery code with this hash; false when the user has none such (never had, or used).
    func useRecoveryCode(userID: String, codeHash: String) async throws -> Bool
    /// Turns two-step sign-in off: forgets the secret and the recovery codes.
    func disable(userID: String) async throws
}
