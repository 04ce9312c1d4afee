import Foundation

/// The operator's input for a source, checked.
public enum SourceRules {
    /// A source's name: what `sotube sources sync NAME` takes and songs' keys carry.
    public static func checkName(_ name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard (1...32).contains(name.count), name.allSatisfy({ allowed.contains($0) }), name.first != "-" else {
            throw SourceError(
                .invalid,
                "A source's name is 1 to 32 characters: lower-case letters, digits, - and _ (got \"\(name)\").")
        }
    }

    /// A source address: `subsonic+https://HOST[:PORT][/PATH]` (or `subsonic+http://`, for a server on
    /// this machine or the local network). Returns the kind and the server's base URL (no trailing slash).
    public static func parseAddress(_ address: String) throws -> (kind: String, base: String) {
        let usage = "A source address looks like subsonic+https://music.example.com/ (got \"\(address)\")."
        guard let plus = address.firstIndex(of: "+") else { throw SourceError(.invalid, usage) }
        let kind = String(address[..<plus]).lowercased()
        guard kind == "subsonic" else {
            throw SourceError(.invalid, "Unknown source kind \"\(kind)\": this store reads subsonic+https:// sources.")
        }
        let rest = String(address[address.index(after: plus)...])
        guard let url = URL(string: rest), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty
        else { throw SourceError(.invalid, usage) }
        if url.user != nil || url.password != nil {
            throw SourceError(.invalid, "Put the user in --user and the password in the prompt, not in the address.")
        }
        if url.query != nil || url.fragment != nil { throw SourceError(.invalid, usage) }
        var base = rest
        while base.hasSuffix("/") { base.removeLast() }
        if base.lowercased().hasSuffix("/rest") { base.removeLast(5) }
        return (kind, base)
    }

    /// `--every`: `15m`, `2h`, `90s`, `1d` (at least a minute, at most a week).
    public static func parseInterval(_ text: String) throws -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last, let factor = units[unit], let count = Int(trimmed.dropLast()), count > 0,
            count <= 7 * 86400
        else { throw SourceError(.invalid, "--every takes a count and a unit: 90s, 15m, 2h or 1d (got \"\(text)\").") }
        let seconds = count * factor
        guard (60...7 * 86400).contains(seconds) else {
            throw SourceError(.invalid, "--every must be between 1 minute and 7 days (got \"\(text)\").")
        }
        return seconds
    }

    /// Shows an interval the way `--every` takes it.
    public static func intervalText(_ seconds: Int) -> String {
        if seconds % 86400 == 0 { return "\(seconds / 86400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}

/// When a request to a source is tried again: on a timeout, a dropped connection, 429 or 5xx, at most
/// `attempts` times in all, waiting twice as long each time.
public struct RetryRules: Sendable, Equatable {
    public var attempts: Int
    public var firstDelay: Double
    public init(attempts: Int = 4, firstDelay: Double = 0.5) {
        self.attempts = attempts
        self.firstDelay = firstDelay
    }

    public static func isRetryable(status: Int) -> Bool { status == 429 || status >= 500 }

    /// Seconds to wait after failed attempt `attempt` (1-based), or nil when it was the last.
    public func delay(after attempt: Int) -> Double? {
        guard attempt >= 1, attempt < attempts else { return nil }
        return firstDelay * Double(1 << min(attempt - 1, 16))
    }
}
