import Foundation
import SoTubeAPI

extension SoTubeClient {
    /// `GET /healthz`: whether the server and its database answer. A server whose database is down
    /// answers ``HealthResponse/Status/unavailable`` (HTTP 503) and this throws
    /// ``SoTubeError/server(status:message:)``.
    public func health() async throws -> HealthResponse {
        try await call(.health)
    }

    /// Creates an account and logs it in: the token is saved in ``tokens``. An address that already
    /// has an account is answered alike (the server does not tell), but nothing is made: the token
    /// opens no session and the address's owner gets a mail.
    ///
    /// - Throws: ``SoTubeError/validation(field:message:)`` for a bad username, address or password,
    ///   ``SoTubeError/conflict(field:message:)`` when the username is taken,
    ///   ``SoTubeError/rateLimited(retryAfter:)`` after too many sign-ups from one address.
    @discardableResult
    public func register(username: String, email: String, password: String) async throws -> AuthResponse {
        let answer: AuthResponse = try await call(
            .register, body: RegisterRequest(username: username, email: email, password: password))
        try await tokens.save(answer.token)
        return answer
    }

    /// Logs in and saves the session token in ``tokens``; `remember` asks for a long-lived session;
    /// `totp` is the code from the authenticator app (or a recovery code) for an account with
    /// two-step sign-in.
    ///
    /// - Throws: ``SoTubeError/unauthorized(message:)`` for a wrong username or password,
    ///   ``SoTubeError/twoFactorRequired(message:)`` when the password was right but the account
    ///   needs a code and `totp` was missing or wrong,
    ///   ``SoTubeError/rateLimited(retryAfter:)`` after too many wrong attempts.
    @discardableResult
    public func login(username: String, password: String, remember: Bool = true, totp: String? = nil) async throws
        -> AuthResponse
    {
        let answer: AuthResponse = try await call(
            .login,
            body: LoginRequest(username: username, password: password, remember: remember, totp: totp))
        try await tokens.save(answer.token)
        return answer
    }

    /// Ends the session on the server and forgets the token. The token is forgotten even when the
    /// server cannot be reached (the error is thrown after) or had ended the session already.
    public func logout() async throws {
        var failure: (any Error)?
        do {
            try await perform(
                .logout)
        } catch SoTubeError.unauthorized {
            // The session was over already: logged out either way.
        } catch {
            failure = error
        }
        try await tokens.clear()
        if let failure { throw failure }
    }

    /// Asks for a password-reset mail; the answer is the same whether or not the address is known.
    public func requestPasswordReset(email: String) async throws -> PasswordResetAcceptedDTO {
        try await call(
            .passwordReset, body: PasswordResetRequest(email: email))
    }

    /// Sets a new password with the token from a reset mail.
    ///
    /// - Throws: ``SoTubeError/validation(field:message:)`` for an unknown or used token or a weak password.
    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        try await perform(
            .passwordResetConfirm,
            body: PasswordResetConfirmRequest(token: token, newPassword: newPassword))
    }

    /// The logged-in user, with their balance, owned-song count and where the app should start.
    public func me() async throws -> MeResponse {
        try await call(.me)
    }

    /// Changes the username; `old` must be the current one.
    public func changeUsername(from old: String, to new: String) async throws -> UserDTO {
        try await call(
            .changeUsername, body: ChangeUsernameRequest(oldUsername: old, newUsername: new))
    }

    /// Changes the name shown for the user; blank sets it back to the username.
    public func changeDisplayName(to name: String) async throws -> UserDTO {
        try await call(.changeDisplayName, body: ChangeDisplayNameRequest(displayName: name))
    }

    /// Changes the password; the user's other sessions end, this one stays, and every app password
    /// is revoked (players need a new one).
    public func changePassword(current: String, new: String) async throws {
        try await perform(
            .changePassword, body: ChangePasswordRequest(currentPassword: current, newPassword: new))
    }

    /// The caller's app passwords (for Subsonic players), without their secrets.
    public func appPasswords() async throws -> [AppPasswordDTO] {
        try await call(.appPasswords)
    }

    /// Makes an app password called `label`, confirmed with the account `password`; the answer is
    /// the only time its secret is shown.
    ///
    /// - Throws: ``SoTubeError/forbidden(message:)`` when the password is wrong.
    public func createAppPassword(label: String, password: String) async throws -> CreatedAppPasswordDTO {
        try await call(
            .createAppPassword, body: CreateAppPasswordRequest(label: label, password: password))
    }

    /// Revokes the app password `id`: players using it are refused from now on.
    public func revokeAppPassword(id: String) async throws {
        try await perform(
            .revokeAppPassword, id)
    }
}
