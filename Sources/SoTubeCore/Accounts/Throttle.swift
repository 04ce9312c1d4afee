import Crypto
import Foundation

/// How often something may be tried (logins, sign-ups, reset requests): `limit` attempts per
/// `window`, then a wait that doubles with every further attempt (from `firstDelay` up to
/// `maxDelay`) instead of a hard lock. Pure: the store keeps the state, the caller the clock.
public struct ThrottleRule: Sendable, Equatable {
    public var limit: Int
    public var window: TimeInterval
    public var firstDelay: TimeInterval
    public var maxDelay: TimeInterval

    public init(limit: Int, window: TimeInterval, firstDelay: TimeInterval = 30, maxDelay: TimeInterval = 900) {
        self.limit = max(1, limit)
        self.window = window
        self.firstDelay = firstDelay
        self.maxDelay = max(firstDelay, maxDelay)
    }

    /// Counts an attempt at `now` against `state`: the new state, and nil when the attempt may go
    /// ahead or the seconds to wait (then the state is unchanged and the attempt not counted).
    public func reserve(_ state: ThrottleState?, now: Date) -> (state: ThrottleState, wait: Int?) {
        var state = state ?? ThrottleState(attempts: 0, windowStart: now, blockedUntil: nil)
        if let blocked = state.blockedUntil, blocked > now {
            return (state, max(1, Int(blocked.timeIntervalSince(now).rounded(.up))))
        }
        if isStale(state, now: now) {
            state = ThrottleState(attempts: 0, windowStart: now, blockedUntil: nil)
        }
        state.attempts += 1
        if state.attempts >= limit {
            let doublings = Double(min(state.attempts - limit, 20))
            state.blockedUntil = now + min(maxDelay, firstDelay * pow(2, doublings))
        }
        return (state, nil)
    }

    /// Whether a state no longer counts at `now`: its window has passed, or a whole window has
    /// passed since its last wait ended. The next attempt starts afresh; the sweep deletes it.
    public func isStale(_ state: ThrottleState, now: Date) -> Bool {
        if let blocked = state.blockedUntil { return now.timeIntervalSince(blocked) >= window }
        return now.timeIntervalSince(state.windowStart) >= window
    }
}

/// The rules for everything the accounts service throttles.
public struct ThrottlePolicy: Sendable, Equatable {
    /// Log-ins for one account from one client address: an owner who mistypes waits 30 s, 60 s, ...
    /// and is never locked out by what others try from elsewhere.
    public var loginPerAccountAndClient = ThrottleRule(limit: 5, window: 300)
    /// Log-ins from one client address over all accounts (password spraying).
    public var loginPerClient = ThrottleRule(limit: 100, window: 300)
    /// Log-ins (passwords and two-step codes alike) for one account from every address that is not
    /// the owner's own (`loginKeys`): 20 tries, then waits from a minute doubling to a day, so a
    /// spread-out attacker gets about 30 tries the first day and one a day after that, far under
    /// NIST SP 800-63B's 100 consecutive failures. Counted before the check; a success through this
    /// path forgets the count. A quiet day after the last wait starts afresh.
    public var loginPerAccount = ThrottleRule(limit: 20, window: 86_400, firstDelay: 60, maxDelay: 86_400)
    /// Checks of the password a signed-in user types to confirm a sensitive step (turning two-step
    /// sign-in on or off, making an app password, changing the password): per account, so a stolen
    /// session cannot guess the password.
    public var passwordCheckPerAccount = ThrottleRule(limit: 5, window: 300)
    /// New accounts from one client address.
    public var signUpPerClient = ThrottleRule(limit: 10, window: 3600, firstDelay: 60)
    /// Password-reset mails asked for from one client address, and for one email address.
    public var resetPerClient = ThrottleRule(limit: 5, window: 900, firstDelay: 60)
    public var resetPerAccount = ThrottleRule(limit: 3, window: 3600, firstDelay: 300)

    public init() {}

    /// The keys a log-in for `account` (its canonical name) from `client` counts on. `ownDevice` is
    /// the id of the owner's remembered device when the request carries a valid one for this account;
    /// `ownAddress` is whether `client` is the address of the account's last successful sign-in.
    /// Either is the owner's own allowance: the device (or the address) counts on its own key with
    /// the per-account-and-address limit, and not on the account-wide ceiling, so strangers who
    /// reach that ceiling from elsewhere do not lock the owner out. Everyone else counts on the
    /// account-wide ceiling too.
    public func loginKeys(account: String, client: String, ownDevice: String?, ownAddress: Bool) -> [ThrottleKey] {
        var keys = [
            ThrottleKey("login:" + account + "|" + client, loginPerAccountAndClient),
            ThrottleKey("login-client:" + client, loginPerClient),
        ]
        if let ownDevice {
            keys.append(ThrottleKey("login-device:" + account + "|" + ownDevice, loginPerAccountAndClient))
        } else if !ownAddress {
            keys.append(ThrottleKey(Self.accountCeilingKey(account), loginPerAccount))
        }
        return keys
    }

    /// The key of an account's log-in ceiling over all addresses.
    public static func accountCeilingKey(_ account: String) -> String { "login-account:" + account }

    /// The limits for many people behind one address (a campus NAT, a test suite): every limit
    /// except the per-account-and-address log-in one multiplied by `factor`.
    public func sharingAddresses(_ factor: Int) -> ThrottlePolicy {
        var policy = self
        for rule in [\ThrottlePolicy.loginPerClient, \.signUpPerClient, \.resetPerClient, \.resetPerAccount] {
            policy[keyPath: rule].limit *= max(1, factor)
        }
        return policy
    }
}

/// What a throttle remembers for one key.
public struct ThrottleState: Sendable, Equatable {
    public var attempts: Int
    public var windowStart: Date
    public var blockedUntil: Date?

    public init(attempts: Int, windowStart: Date, blockedUntil: Date?) {
        self.attempts = attempts
        self.windowStart = windowStart
        self.blockedUntil = blockedUntil
    }
}

/// One throttled thing: a key ("login:alice|203.0.113.9") and its rule.
public struct ThrottleKey: Sendable, Equatable {
    public var key: String
    public var rule: ThrottleRule
    /// `key` as stored: a key longer than `maxStoredLength` bytes (a log-in with a megabyte-long
    /// "username") keeps its kind (the part up to the first `:`) and is stored as the SHA-256 of the
    /// rest, so a request cannot make a throttle row of any size.
    public init(_ key: String, _ rule: ThrottleRule) {
        self.key = Self.stored(key)
        self.rule = rule
    }

    public static let maxStoredLength = 200

    public static func stored(_ key: String) -> String {
        guard key.utf8.count > maxStoredLength else { return key }
        let kind = key.prefix { $0 != ":" }
        let digest = Array(SHA256.hash(data: Data(key.utf8))).base64URLString
        return String(kind.prefix(40)) + ":sha256:" + digest
    }
}

/// Where throttles keep their counts: in the database, so that several servers share them.
public protocol ThrottleStore: Sendable {
    /// Atomically: when any key must wait, answers the longest wait and counts nothing; otherwise
    /// counts one attempt on every key and answers nil. Concurrent calls never both see the same count.
    func reserve(_ keys: [ThrottleKey], now: Date) async throws -> Int?
    /// Read-only: the longest wait any of `keys` must still sit out at `now`, nil when none is
    /// blocked. Counts nothing (for checks on every request, such as players' `/rest` calls).
    func blockedFor(_ keys: [String], now: Date) async throws -> Int?
    /// Forgets a key (a login that succeeded).
    func clear(_ key: String) async throws
    /// Deletes the states that no longer matter; returns how many.
    func sweep(now: Date) async throws -> Int
}
