import Foundation
import SoTubeAPI

/// Two-step sign-in (TOTP): enrol, confirm, turn off. Logging in with a code is
/// ``SoTubeClient/login(username:password:remember:totp:)``.
extension SoTubeClient {
    /// Starts an enrolment, confirmed with the account `password`: a new secret and its
    /// `otpauth://` address (show it as a QR code), not in force until ``confirmTwoFactor(code:)``.
    ///
    /// - Throws: ``SoTubeError/conflict(field:message:)`` when two-step sign-in is on already; a
    ///   ``SoTubeError/forbidden(message:)`` when the password is wrong.
    public func enrolTwoFactor(password: String) async throws -> TwoFactorEnrolmentDTO {
        try await call(
            .twoFactorEnrol, body: TwoFactorEnrolRequest(password: password))
    }

    /// Turns two-step sign-in on with the app's current code; answers the recovery codes, which the
    /// server never shows again.
    ///
    /// - Throws: ``SoTubeError/validation(field:message:)`` (`code`) when it is not the current code.
    public func confirmTwoFactor(code: String) async throws -> [String] {
        let answer: TwoFactorRecoveryCodesDTO = try await call(
            .twoFactorConfirm, body: TwoFactorConfirmRequest(code: code))
        return answer.recoveryCodes
    }

    /// Turns two-step sign-in off with the password and a current code (or a recovery code).
    public func disableTwoFactor(password: String, code: String) async throws {
        try await perform(
            .twoFactorDisable, body: TwoFactorDisableRequest(password: password, code: code))
    }
}
