import Foundation
import Logging
import NIOConcurrencyHelpers
import SoTubeCore

/// Accounts as the product describes them (SPEC A1–A5): the steps, in order, over the stores.
public struct AuthService: Sendable {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let clock: any SoTubeClock
    let ids: any IDSource
    let mailer: any Mailer
    let throttle: NIOLockedValueBox<LoginThrottle>
    /// Base URL for links in mail, e.g. "http://localhost:8080".
    let publicBaseURL: String

    public init(
        accounts: any AccountStore, hasher: PasswordHasher, clock: any SoTubeClock, ids: any IDSource,
        mailer: any Mailer, publicBaseURL: String, throttle: LoginThrottle = LoginThrottle()
    ) {
        self.accounts = accounts
        self.hasher = hasher
        self.clock = clock
        self.ids = ids
        self.mailer = mailer
        self.publicBaseURL = publicBaseURL
        self.throttle = NIOLockedValueBox(throttle)
    }

    public struct Login: Sendable {
        public var user: User
        public var token: String
        public var session: Session
    }

    public func register(username: String, email: String, password: String) async throws -> Login {
        let user = try await createUser(username: username, email: email, password: password)
        return try await startSession(for: user, remember: false)
    }

    /// Creates a user without a session (registration and the CLI).
    public func createUser(username: String, email: String, password: String) async throws -> User {
        let username = username.trimmingCharacters(in: .whitespaces)
        let email = email.trimmingCharacters(in: .whitespaces)
        try AccountRules.validateUsername(username)
        try AccountRules.validateEmail(email)
        try AccountRules.validatePassword(password)
        let user = User(
            id: ids.makeID(), username: username, email: email, displayName: username, coins: 0,
            createdAt: clock.now())
        try await accounts.createUser(user, passwordHash: try await hasher.hash(password))
        return user
    }

    /// Checks the password; refuses with 429 after repeated failures for the same name or client.
    public func login(username: String, password: String, remember: Bool, client: String) async throws -> Login {
        let keys = ["user:" + AccountRules.canonical(username), "client:" + client]
        let now = clock.now()
        let wait = throttle.withLockedValue { throttle in
            keys.compactMap { throttle.retryAfter(key: $0, now: now) }.max()
        }
        if let wait { throw DomainError.rateLimited(retryAfterSeconds: wait) }

        let credentials = try await accounts.credentials(username: username)
        let ok: Bool
        if let credentials {
            ok = try await hasher.verify(password, hash: credentials.passwordHash)
        } else {
            // Spend the same time as a real check so timing does not reveal which names exist.
            _ = try await hasher.verify(password, hash: Self.dummyHash)
            ok = false
        }
        guard ok, let credentials else {
            throttle.withLockedValue { throttle in keys.forEach { throttle.recordFailure(key: $0, now: now) } }
            throw DomainError.unauthorized(reason: "The username or password is wrong.")
        }
        throttle.withLockedValue { throttle in throttle.recordSuccess(key: keys[0]) }
        return try await startSession(for: credentials.user, remember: remember)
    }

    public func logout(sessionTokenHash: String) async throws {
        try await accounts.deleteSession(tokenHash: sessionTokenHash)
    }

    /// The identity behind a bearer or cookie token, if it is a live session.
    public func identify(token: String) async throws -> (User, Session)? {
        guard let found = try await accounts.sessionWithUser(tokenHash: TokenHash.of(token), now: clock.now())
        else { return nil }
        return (found.user, found.session)
    }

    /// Mails a single-use link when the address belongs to an account; says nothing either way.
    public func requestPasswordReset(email: String) async throws {
        guard let user = try await accounts.user(email: email.trimmingCharacters(in: .whitespaces)) else { return }
        let token = ids.randomBytes(32).base64URLString
        let expires = clock.now() + AccountRules.passwordResetLifetime
        try await accounts.createPasswordReset(
            PasswordReset(tokenHash: TokenHash.of(token), userID: user.id, expiresAt: expires))
        let link = "\(publicBaseURL)/#/reset-password?token=\(token)"
        try await mailer.send(
            MailMessage(
                to: user.email, subject: "Reset your SoTube password",
                body: """
                    Hello \(user.displayName),

                    Someone asked to reset the password of your SoTube account "\(user.username)".
                    To choose a new password, open this link within the hour:

                    \(link)

                    Reset token: \(token)

                    If it was not you, ignore this message: your password stays as it is.
                    """))
    }

    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        try AccountRules.validatePassword(newPassword, field: "newPassword")
        guard let reset = try await accounts.consumePasswordReset(tokenHash: TokenHash.of(token), now: clock.now())
        else {
            throw DomainError.invalid(field: "token", reason: "This reset link is invalid, used or expired.")
        }
        try await accounts.setPassword(
            userID: reset.userID, passwordHash: try await hasher.hash(newPassword), keepSession: nil)
    }

    public func changeUsername(identity: Identity, oldUsername: String, newUsername: String) async throws -> User {
        guard AccountRules.canonical(oldUsername) == AccountRules.canonical(identity.user.username) else {
            throw DomainError.invalid(field: "oldUsername", reason: "This is not your current username.")
        }
        let newUsername = newUsername.trimmingCharacters(in: .whitespaces)
        try AccountRules.validateUsername(newUsername, field: "newUsername")
        try await accounts.renameUser(id: identity.user.id, to: newUsername)
        guard let user = try await accounts.user(id: identity.user.id) else {
            throw DomainError.notFound(what: "The account")
        }
        return user
    }

    public func changePassword(identity: Identity, currentPassword: String, newPassword: String) async throws {
        guard let credentials = try await accounts.credentials(id: identity.user.id),
            try await hasher.verify(currentPassword, hash: credentials.passwordHash)
        else {
            throw DomainError.invalid(field: "currentPassword", reason: "The current password is wrong.")
        }
        try AccountRules.validatePassword(newPassword, field: "newPassword")
        try await accounts.setPassword(
            userID: identity.user.id, passwordHash: try await hasher.hash(newPassword),
            keepSession: identity.sessionTokenHash)
    }

    private func startSession(for user: User, remember: Bool) async throws -> Login {
        let token = ids.randomBytes(32).base64URLString
        let now = clock.now()
        let session = Session(
            tokenHash: TokenHash.of(token), userID: user.id, createdAt: now,
            expiresAt: AccountRules.sessionExpiry(from: now, remember: remember), remember: remember)
        try await accounts.createSession(session)
        return Login(user: user, token: token, session: session)
    }

    /// A bcrypt hash of a random string, for constant-time refusals.
    static let dummyHash = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.2bG0m4T7kGnIh8xbVq7bHO8w8N2e"
}
