import Crypto
import Foundation
import SoTubeAPI
import SoTubeCore

/// How a `/rest` request proves who sends it: an app password as `apiKey`, as `t = md5(secret + s)`
/// with `u`, or as `p` (plain or `enc:` hex) with `u`. Web passwords are never accepted here.
enum SubsonicCredentials: Sendable, Equatable {
    case apiKey(String)
    case token(username: String, token: String, salt: String)
    case password(username: String, password: String)

    /// The credentials in `parameters`: 10 when none (or an incomplete set) is given, 43 when
    /// `apiKey` comes with `u`, `p` or `t`.
    static func from(_ parameters: SubsonicParameters) throws -> SubsonicCredentials {
        if let key = parameters.string("apiKey") {
            guard !parameters.has("u"), !parameters.has("p"), !parameters.has("t") else {
                throw SubsonicError.mixedAuth
            }
            guard !key.isEmpty else { throw SubsonicError.missing("apiKey") }
            return .apiKey(key)
        }
        let username = try parameters.required("u")
        if parameters.has("t") || parameters.has("s") {
            guard !parameters.has("p") else { throw SubsonicError.mixedAuth }
            return .token(username: username, token: try parameters.required("t"), salt: try parameters.required("s"))
        }
        guard let password = parameters.string("p"), !password.isEmpty else { throw SubsonicError.missing("p") }
        return .password(username: username, password: try Self.decodePassword(password))
    }

    /// `enc:` followed by hex is the password's UTF-8 bytes.
    static func decodePassword(_ text: String) throws -> String {
        guard text.hasPrefix("enc:") else { return text }
        guard let bytes = Hex.decode(String(text.dropFirst(4))), let decoded = String(bytes: bytes, encoding: .utf8)
        else { throw SubsonicError.wrongCredentials }
        return decoded
    }

    var username: String? {
        switch self {
        case .apiKey: return nil
        case .token(let username, _, _), .password(let username, _): return username
        }
    }
}

/// Checks `/rest` credentials against the app passwords. Failures are counted per client address
/// (and per name and address) with the web log-in limits; past them the client waits, even with
/// a right secret. A success is a read (plus a write at most once a minute per app password, for
/// its "last used" time).
struct SubsonicAuthenticator: Sendable {
    let store: any AppPasswordStore
    let sealer: SecretSealer
    let throttles: any ThrottleStore
    let policy: ThrottlePolicy
    let clock: any SoTubeClock
    let opened = OpenedSecrets()

    func authenticate(_ credentials: SubsonicCredentials, client: String) async throws -> User {
        let keys = throttleKeys(credentials, client: client)
        let now = clock.now()
        if let wait = try await throttles.blockedFor(keys.map(\.key), now: now) {
            throw SubsonicError(code: 40, message: "Too many failed attempts: try again in \(wait) seconds.")
        }
        guard let (password, user) = try await check(credentials) else {
            _ = try await throttles.reserve(keys, now: now)
            if case .apiKey = credentials { throw SubsonicError.badAPIKey }
            throw SubsonicError.wrongCredentials
        }
        // A locked account's players stop too (after the remembered lookups' few seconds at most).
        guard !user.isLocked else { throw SubsonicError(code: 40, message: "This account is locked.") }
        if AppPasswordRules.shouldTouch(lastUsedAt: password.lastUsedAt, now: now) {
            try await store.touch(id: password.id, at: now)
        }
        return user
    }

    private func check(_ credentials: SubsonicCredentials) async throws -> (AppPassword, User)? {
        switch credentials {
        case .apiKey(let key):
            return try await store.find(secretHash: TokenHash.of(key)).map { ($0.password, $0.user) }
        case .password(let username, let secret):
            guard let found = try await store.find(secretHash: TokenHash.of(secret)),
                AccountRules.canonical(found.user.username) == AccountRules.canonical(username)
            else { return nil }
            return (found.password, found.user)
        case .token(let username, let token, let salt):
            // A token is an MD5 digest in hex (either case): anything else matches no secret.
            guard let given = Hex.decode(token), given.count == Insecure.MD5.byteCount else { return nil }
            // What is remembered first; a token matching none of it is checked against the database
            // (an app password made a moment ago on another server).
            for fresh in [false, true] {
                guard
                    let found = try await fresh ? store.findFresh(username: username) : store.find(username: username)
                else { return nil }
                if let password = match(given, salt: salt, among: found.passwords) { return (password, found.user) }
            }
            return nil
        }
    }

    /// The password whose secret hashed with `salt` is the digest `given`. Digests are compared as
    /// bytes: the hex of each expected one was an allocation and a loop per password and call.
    private func match(_ given: [UInt8], salt: String, among passwords: [AppPassword]) -> AppPassword? {
        let salt = Array(salt.utf8)
        for password in passwords {
            guard let secret = opened.secret(password.sealedSecret, sealer: sealer) else { continue }
            var md5 = Insecure.MD5()
            md5.update(data: secret)
            md5.update(data: salt)
            if ConstantTime.equal(Array(md5.finalize()), given) { return password }
        }
        return nil
    }

    private func throttleKeys(_ credentials: SubsonicCredentials, client: String) -> [ThrottleKey] {
        var keys = [ThrottleKey("rest-client:" + client, policy.loginPerClient)]
        if let username = credentials.username {
            keys.append(
                ThrottleKey(
                    "rest:" + AccountRules.canonical(username) + "|" + client, policy.loginPerAccountAndClient))
        }
        return keys
    }
}
