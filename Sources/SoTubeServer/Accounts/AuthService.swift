import Foundation
import Logging
import SoTubeCore

/// Accounts as the product describes them (SPEC A1–A5): the steps, in order, over the stores.
public struct AuthService: Sendable {
    let accounts: any AccountStore
    let hasher: PasswordHasher
    let clock: any SoTubeClock
    let ids: any IDSource
    let mailer: any Mailer
    /// Login, sign-up and reset counts, kept in the database so that every server sees them.
    let throttles: any ThrottleStore
    /// Two-step sign-in: the second factor a log-in needs when the account has it on.
    let twoFactor: TwoFactorService
    /// Base URL for links in mail, e.g. "http://localhost:8080".
    let publicBaseURL: String
    /// The limits on log-ins, sign-ups and reset requests.
    let policy: ThrottlePolicy
    let logger: Logger
    /// Sessions behind audio requests, remembered for a moment (`identify(token:remembered:)`).
    let audioSessions = ExpiringMemo<RememberedSession>(lifetime: 2)
    /// The owner's remembered devices (the `sotube_device` cookie).
    let devices: KnownDevices
    /// Forgets what this server remembers of a user's app passwords (they were just revoked).
    let forgetAppPasswords: @Sendable (String) -> Void

    public init(
        accounts: any AccountStore, hasher: PasswordHasher, clock: any SoTubeClock, ids: any IDSource,
        mailer: any Mailer, throttles: any ThrottleStore, twoFactor: TwoFactorService, publicBaseURL: String,
        policy: ThrottlePolicy = ThrottlePolicy(), logger: Logger = Logger(label: "sotube.auth"),
        devices: KnownDevices = KnownDevices(serverSecret: Array(repeating: 0, count: 32)),
        forgetAppPasswords: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.policy = policy
        self.devices = devices
        self.forgetAppPasswords = forgetAppPasswords
        self.accounts = accounts
        self.hasher = hasher
        self.clock = clock
        self.ids = ids
        self.mailer = mailer
        self.throttles = throttles
        self.twoFactor = twoFactor
        self.publicBaseURL = publicBaseURL
        self.logger = logger
    }

    public struct Login: Sendable {
        public var user: User
        public var token: String
        public var session: Session
        /// The `sotube_device` cookie's value: this device, remembered as the owner's.
        public var deviceCookie: String
    }

    /// A new account and its first session. Sign-ups from one client address are throttled, counted
    /// before the (slow) hashing so a burst cannot slip past the count.
    ///
    /// An email address that already has an account is not told apart (SPEC A1): the answer has the
    /// same shape (a user and a token), but nothing is made — the token opens no session — and the
    /// address's owner gets a mail saying someone tried, with the way to log in or reset. A taken
    /// username still says so: usernames are public.
    public func register(username: String, email: String, password: String, client: String) async throws -> Login {
        try await reserve([ThrottleKey("signup:" + client, policy.signUpPerClient)])
        let user: User
        do {
            user = try await createUser(username: username, email: email, password: password)
        } catch DomainError.conflict(let field, _) where field == "email" {
            if try await accounts.credentials(username: username) != nil {
                throw DomainError.conflict(field: "username", reason: "This username is taken.")
            }
            return try await answerKnownAddress(username: username, email: email)
        }
        try await accounts.recordSignIn(userID: user.id, address: client, at: clock.now())
        return try await startSession(for: user, remember: false, deviceID: nil)
    }

    /// An invited sign-up (issue 31): the account is made with the invitation's email, `accept` gives it
    /// its role and artists, then it is signed in. The email having an account already is a plain 409:
    /// the invitation came to that address, so nothing is revealed to anyone else.
    public func registerInvited(
        username: String, email: String, password: String, client: String,
        accept: (User) async throws -> Void
    ) async throws -> Login {
        try await reserve([ThrottleKey("signup:" + client, policy.signUpPerClient)])
        let created = try await createUser(username: username, email: email, password: password)
        try await accept(created)
        let user = try await accounts.user(id: created.id) ?? created
        try await accounts.recordSignIn(userID: user.id, address: client, at: clock.now())
        return try await startSession(for: user, remember: false, deviceID: nil)
    }

    /// A sign-up with an address that has an account: an answer shaped like a new account's, with a
    /// token that opens nothing; the owner is mailed after the answer (`background`).
    private func answerKnownAddress(username: String, email: String) async throws -> Login {
        let now = clock.now()
        let user = User(
            id: ids.makeID(), username: username.trimmingCharacters(in: .whitespaces),
            email: email.trimmingCharacters(in: .whitespaces),
            displayName: username.trimmingCharacters(in: .whitespaces),
            coins: 0, createdAt: now)
        let token = ids.randomBytes(32).base64URLString
        let session = Session(
            tokenHash: TokenHash.of(token), userID: user.id, createdAt: now,
            expiresAt: AccountRules.sessionExpiry(from: now, remember: false), remember: false)
        Task { [self] in
            do {
                try await mailSignUpAttempt(email: user.email, askedFor: user.username)
            } catch {
                logger.error("sign-up attempt mail failed", metadata: ["error": "\(error)"])
            }
        }
        return Login(
            user: user, token: token, session: session,
            deviceCookie: devices.cookie(userID: user.id, deviceID: ids.randomBytes(16).base64URLString))
    }

    /// Tells the owner of `email` that someone tried to sign up with it.
    func mailSignUpAttempt(email: String, askedFor username: String) async throws {
        guard let owner = try await accounts.user(email: email) else { return }
        try await mailer.send(MailTemplates.signUpAttempt(to: owner, askedFor: username, baseURL: publicBaseURL))
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

    /// Checks the password. Attempts are counted per (account, client address), per client address
    /// and over all addresses per account before the password is checked, so parallel tries cannot
    /// all pass the count; past a limit the client waits longer each time (429). The owner's
    /// remembered device (`device`, the `sotube_device` cookie) or the address of her last
    /// successful sign-in counts on its own allowance instead of the account-wide ceiling
    /// (`ThrottlePolicy.loginKeys`), so strangers elsewhere cannot lock her out. A success forgets
    /// the counts it was made under and remembers the address.
    /// An account with two-step sign-in also needs `totp` (a current code or a recovery code): a
    /// missing or wrong one is a failed attempt like a wrong password, and makes no session.
    public func login(
        username: String, password: String, remember: Bool, client: String, totp: String? = nil,
        device: String? = nil
    ) async throws -> Login {
        let credentials = try await accounts.credentials(username: username)
        var ownDevice: String?
        var ownAddress = false
        if let credentials {
            ownDevice = devices.deviceID(device, userID: credentials.user.id)
            if ownDevice == nil {
                ownAddress = try await accounts.lastSignInAddress(userID: credentials.user.id) == client
            }
        }
        let keys = policy.loginKeys(
            account: AccountRules.canonical(username), client: client, ownDevice: ownDevice, ownAddress: ownAddress)
        try await reserve(keys)
        // Unknown names are checked against a hash of the same cost, so timing does not tell them apart.
        let hash: String
        if let credentials { hash = credentials.passwordHash } else { hash = try await hasher.dummyHash() }
        guard try await hasher.verify(password, hash: hash), let credentials else {
            throw DomainError.unauthorized(reason: "The username or password is wrong.")
        }
        // Said only to someone who knows the password.
        guard !credentials.user.isLocked else {
            throw DomainError.forbidden(reason: "This account is locked. Contact the store to unlock it.")
        }
        try await twoFactor.requireSecondFactor(userID: credentials.user.id, code: totp)
        for key in keys where !key.key.hasPrefix("login-client:") {
            try await throttles.clear(key.key)
        }
        try await accounts.recordSignIn(userID: credentials.user.id, address: client, at: clock.now())
        return try await startSession(for: credentials.user, remember: remember, deviceID: ownDevice)
    }

    /// Counts an attempt on `keys`, or throws 429 with the wait.
    private func reserve(_ keys: [ThrottleKey]) async throws {
        if let wait = try await throttles.reserve(keys, now: clock.now()) {
            throw DomainError.rateLimited(retryAfterSeconds: wait)
        }
    }

    public func logout(sessionTokenHash: String) async throws {
        try await accounts.deleteSession(tokenHash: sessionTokenHash)
        audioSessions.forget { $0.session.tokenHash == sessionTokenHash }
    }

    /// The identity behind a bearer or cookie token, if it is a live session.
    ///
    /// `remembered`: the answer may come from the last `lifetime` (2 s) of lookups, for audio reads,
    /// where a player's every seek is a new range request and the session lookup was half of its
    /// CPU. Only the user's id decides what such a request gets (the full song or its preview); the
    /// user's other fields (coins) may be that old. A log-out or password change through this server
    /// forgets at once; one through another server sharing the database reaches this one within the
    /// lifetime. Unknown tokens are never remembered.
    public func identify(token: String, remembered: Bool = false) async throws -> (User, Session)? {
        let tokenHash = TokenHash.of(token)
        let now = clock.now()
        if remembered, let found = audioSessions.value(tokenHash, now: now), found.session.expiresAt > now {
            return (found.user, found.session)
        }
        let generation = audioSessions.generation
        guard let found = try await accounts.sessionWithUser(tokenHash: tokenHash, now: now) else { return nil }
        if remembered {
            audioSessions.keep(found, for: tokenHash, now: now, loadedAt: generation)
        }
        return (found.user, found.session)
    }

    /// Mails a single-use link when the address belongs to an account; says nothing either way.
    /// Requests are throttled per client address and per address asked for. The lookup and the mail
    /// happen after the answer (`background`), so known and unknown addresses answer alike and fast.
    /// Keeps the language the app asked in (`Accept-Language`; the web app sends its own choice) for
    /// the user's mail: Russian when the first language is Russian, else English.
    public func rememberLanguage(userID: String, acceptLanguage: String?) async {
        guard let first = acceptLanguage?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces)
        else { return }
        let language = first.lowercased().hasPrefix("ru") ? "ru" : "en"
        do {
            try await accounts.setLanguage(userID: userID, language: language)
        } catch {
            logger.warning("language not kept", metadata: ["error": "\(error)"])
        }
    }

    public func requestPasswordReset(email: String, client: String) async throws {
        let email = email.trimmingCharacters(in: .whitespaces)
        try await reserve([
            ThrottleKey("reset-client:" + client, policy.resetPerClient),
            ThrottleKey("reset-account:" + AccountRules.canonical(email), policy.resetPerAccount),
        ])
        Task { [self] in
            do {
                try await mailPasswordReset(email: email)
            } catch {
                logger.error("password reset mail failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The reset itself: a token for the account with this address, and the mail with its link.
    func mailPasswordReset(email: String) async throws {
        guard let user = try await accounts.user(email: email) else { return }
        let token = ids.randomBytes(32).base64URLString
        let expires = clock.now() + AccountRules.passwordResetLifetime
        try await accounts.createPasswordReset(
            PasswordReset(tokenHash: TokenHash.of(token), userID: user.id, expiresAt: expires))
        let link = "\(publicBaseURL)/#/reset-password?token=\(token)"
        try await mailer.send(MailTemplates.passwordReset(to: user, link: link, token: token))
    }

    public func confirmPasswordReset(token: String, newPassword: String) async throws {
        try AccountRules.validatePassword(newPassword, field: "newPassword")
        guard let reset = try await accounts.consumePasswordReset(tokenHash: TokenHash.of(token), now: clock.now())
        else {
            throw DomainError.invalid(field: "token", reason: "This reset link is invalid, used or expired.")
        }
        try await accounts.setPassword(
            userID: reset.userID, passwordHash: try await hasher.hash(newPassword), keepSession: nil)
        audioSessions.forget { $0.user.id == reset.userID }
        forgetAppPasswords(reset.userID)
        await mailNotice(.passwordChanged, userID: reset.userID)
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

    /// Sets the name shown for the user (blank: the username again).
    public func changeDisplayName(identity: Identity, to name: String) async throws -> User {
        let stored = try AccountRules.displayName(name, username: identity.user.username)
        try await accounts.setDisplayName(userID: identity.user.id, to: stored)
        guard let user = try await accounts.user(id: identity.user.id) else {
            throw DomainError.notFound(what: "The account")
        }
        return user
    }

    /// Sets a new password: the user's other sessions end and every app password is revoked
    /// (players need a new one), in the same transaction.
    public func changePassword(identity: Identity, currentPassword: String, newPassword: String) async throws {
        guard try await checkPassword(userID: identity.user.id, password: currentPassword) else {
            throw DomainError.invalid(field: "currentPassword", reason: "The current password is wrong.")
        }
        try AccountRules.validatePassword(newPassword, field: "newPassword")
        try await accounts.setPassword(
            userID: identity.user.id, passwordHash: try await hasher.hash(newPassword),
            keepSession: identity.sessionTokenHash)
        audioSessions.forget { $0.user.id == identity.user.id && $0.session.tokenHash != identity.sessionTokenHash }
        forgetAppPasswords(identity.user.id)
        await mailNotice(.passwordChanged, userID: identity.user.id)
    }

    /// Tells the owner that something protecting the account changed (mail is queued; a failure to
    /// queue it is logged, never the user's error).
    public func mailNotice(_ notice: MailTemplates.Notice, userID: String) async {
        do {
            guard let user = try await accounts.user(id: userID) else { return }
            try await mailer.send(MailTemplates.notice(notice, to: user))
        } catch {
            logger.error("notice mail not queued", metadata: ["error": "\(error)"])
        }
    }

    /// Whether `password` is the user's: for steps a signed-in user confirms with it. Checks are
    /// throttled per account (`passwordCheckPerAccount`: 429 past it), so a stolen session cannot
    /// guess the password; a right one forgets the count.
    func checkPassword(userID: String, password: String) async throws -> Bool {
        let key = ThrottleKey("password-check:" + userID, policy.passwordCheckPerAccount)
        try await reserve([key])
        guard let credentials = try await accounts.credentials(id: userID),
            try await hasher.verify(password, hash: credentials.passwordHash)
        else { return false }
        try await throttles.clear(key.key)
        return true
    }

    /// Throws 403 unless `password` is the user's (`checkPassword`).
    public func requirePassword(userID: String, password: String) async throws {
        guard try await checkPassword(userID: userID, password: password) else {
            throw DomainError.forbidden(reason: "The password is wrong.")
        }
    }

    /// Starts a two-step sign-in enrolment: needs the password, so a stolen session cannot turn it on
    /// and lock the owner out.
    public func enrolTwoFactor(identity: Identity, password: String) async throws -> TwoFactorService.Enrolment {
        try await requirePassword(userID: identity.user.id, password: password)
        return try await twoFactor.enrol(identity.user)
    }

    /// The operator's way back in for a user who lost the authenticator app and the recovery codes
    /// (`sotube users 2fa-off USER`): two-step sign-in off and every session of the user ended.
    /// Answers the user and whether it was on; notFound for an unknown username.
    public func turnOffTwoFactorForOperator(username: String) async throws -> (user: User, wasOn: Bool) {
        guard let user = try await accounts.credentials(username: username)?.user else {
            throw DomainError.notFound(what: "The user \"\(username)\"")
        }
        let wasOn = try await twoFactor.isEnabled(userID: user.id)
        try await twoFactor.turnOff(userID: user.id)
        try await accounts.endSessions(userID: user.id)
        audioSessions.forget { $0.user.id == user.id }
        return (user, wasOn)
    }

    /// After an operator locked the account or ended its sessions: no remembered lookup (audio seeks,
    /// players' app passwords) answers for the user any more on this server.
    public func forgetUser(_ userID: String) {
        audioSessions.forget { $0.user.id == userID }
        forgetAppPasswords(userID)
    }

    /// Turns two-step sign-in off: needs the password and a current code or a recovery code. Tries
    /// are throttled like log-ins (per account), so a stolen session cannot guess codes.
    public func disableTwoFactor(identity: Identity, password: String, code: String) async throws {
        let key = ThrottleKey("two-factor-off:" + identity.user.id, policy.loginPerAccountAndClient)
        try await reserve([key])
        guard let credentials = try await accounts.credentials(id: identity.user.id),
            try await hasher.verify(password, hash: credentials.passwordHash)
        else {
            throw DomainError.invalid(field: "password", reason: "The password is wrong.")
        }
        try await twoFactor.disable(userID: identity.user.id, code: code)
        try await throttles.clear(key.key)
    }

    /// A new session, and the device cookie: `deviceID` (the device the request came from, when it
    /// was the owner's already) or a new one.
    func startSession(for user: User, remember: Bool, deviceID: String?) async throws -> Login {
        let token = ids.randomBytes(32).base64URLString
        let now = clock.now()
        let session = Session(
            tokenHash: TokenHash.of(token), userID: user.id, createdAt: now,
            expiresAt: AccountRules.sessionExpiry(from: now, remember: remember), remember: remember)
        try await accounts.createSession(session)
        let device = deviceID ?? ids.randomBytes(16).base64URLString
        return Login(
            user: user, token: token, session: session, deviceCookie: devices.cookie(userID: user.id, deviceID: device))
    }
}

/// A live session and its user, as `AuthService.identify(token:remembered:)` keeps them.
typealias RememberedSession = (session: Session, user: User)
