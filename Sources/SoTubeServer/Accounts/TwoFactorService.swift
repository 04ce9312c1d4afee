import Foundation
import Logging
import SoTubeCore

/// Two-step sign-in (SPEC A8): enrolment, confirmation with a first code, and checking the code a
/// log-in brings. TOTP secrets are sealed like app-password secrets (`SecretSealer`, own purpose);
/// recovery codes are stored as SHA-256; each accepted code is used up in the store.
public struct TwoFactorService: Sendable {
    let store: any TwoFactorStore
    let sealer: SecretSealer
    let clock: any SoTubeClock
    let ids: any IDSource
    let logger: Logger

    public init(
        store: any TwoFactorStore, sealer: SecretSealer, clock: any SoTubeClock, ids: any IDSource,
        logger: Logger = Logger(label: "sotube.two-factor")
    ) {
        self.store = store
        self.sealer = sealer
        self.clock = clock
        self.ids = ids
        self.logger = logger
    }

    public struct Enrolment: Sendable, Equatable {
        /// Base32, for typing into an authenticator app.
        public var secret: String
        /// The `otpauth://` address the QR code carries.
        public var uri: String
    }

    /// A new secret for `user`, not in force until `confirm` gets a code made from it.
    public func enrol(_ user: User) async throws -> Enrolment {
        let secret = ids.randomBytes(TwoFactorRules.secretBytes)
        let text = Base32.encode(secret)
        try await store.beginEnrolment(userID: user.id, sealedSecret: try sealer.seal(text), now: clock.now())
        return Enrolment(secret: text, uri: TOTP.provisioningURI(secret: secret, username: user.username))
    }

    /// Turns the pending enrolment on with a current code; answers the recovery codes (shown once).
    public func confirm(userID: String, code: String) async throws -> [String] {
        guard let state = try await store.state(userID: userID), !state.enabled else {
            throw DomainError.conflict(field: nil, reason: "No enrolment is waiting: start again.")
        }
        guard let secret = secret(of: state),
            let step = TOTP.matchingStep(code: code, secret: secret, now: clock.now(), lastUsedStep: nil)
        else {
            throw DomainError.invalid(
                field: "code",
                reason: "This is not the current code: check the authenticator app's clock and try again.")
        }
        let codes = TwoFactorRules.recoveryCodes(
            from: ids.randomBytes(TwoFactorRules.recoveryCodeCount * TwoFactorRules.recoveryCodeBytes))
        let hashes = codes.compactMap(TwoFactorRules.normalizedRecoveryCode).map(TokenHash.of)
        guard try await store.enable(userID: userID, step: step, recoveryCodeHashes: hashes, now: clock.now()) else {
            throw DomainError.conflict(field: nil, reason: "No enrolment is waiting: start again.")
        }
        return codes
    }

    public func isEnabled(userID: String) async throws -> Bool {
        try await store.state(userID: userID)?.enabled ?? false
    }

    /// For a log-in whose password was right: passes when the account has no two-step sign-in or
    /// `code` is a current unused TOTP code or an unused recovery code (which it uses up); otherwise
    /// throws `twoFactorRequired`.
    func requireSecondFactor(userID: String, code: String?) async throws {
        guard let state = try await store.state(userID: userID), state.enabled else { return }
        guard let code, !code.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DomainError.twoFactorRequired(
                reason: "This account has two-step sign-in: enter the 6-digit code from your authenticator app.")
        }
        guard try await use(code, state: state) else {
            throw DomainError.twoFactorRequired(
                reason: "This code is wrong or was used already: enter the current code from your authenticator app.")
        }
    }

    /// Checks a code for turning two-step sign-in off (the password is checked by `AuthService`).
    func disable(userID: String, code: String) async throws {
        guard let state = try await store.state(userID: userID), state.enabled else {
            throw DomainError.conflict(field: nil, reason: "Two-step sign-in is off already.")
        }
        guard try await use(code, state: state) else {
            throw DomainError.invalid(field: "code", reason: "This code is wrong or was used already.")
        }
        try await store.disable(userID: userID)
    }

    /// Turns two-step sign-in off without a code (the operator's `sotube users 2fa-off`), whether
    /// it was on, waiting for a first code, or off.
    func turnOff(userID: String) async throws {
        try await store.disable(userID: userID)
    }

    /// Uses up `code`: a TOTP code of a step later than the last used one, or a recovery code.
    private func use(_ code: String, state: TwoFactorState) async throws -> Bool {
        if TwoFactorRules.isTOTPCode(code) {
            guard let secret = secret(of: state),
                let step = TOTP.matchingStep(
                    code: code, secret: secret, now: clock.now(), lastUsedStep: state.lastUsedStep)
            else { return false }
            return try await store.useStep(userID: state.userID, step: step)
        }
        guard let recovery = TwoFactorRules.normalizedRecoveryCode(code) else { return false }
        return try await store.useRecoveryCode(userID: state.userID, codeHash: TokenHash.of(recovery))
    }

    private func secret(of state: TwoFactorState) -> [UInt8]? {
        guard let text = sealer.open(state.sealedSecret), let secret = Base32.decode(text) else {
            logger.error(
                "a TOTP secret does not open under this server's key (was SOTUBE_SECRET_KEY changed?)",
                metadata: ["user": "\(state.userID)"])
            return nil
        }
        return secret
    }
}
