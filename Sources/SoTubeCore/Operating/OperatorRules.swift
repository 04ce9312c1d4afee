import Foundation

/// The rules of operators' actions, apart from any storage.
public enum OperatorRules {
    /// An action that changes money or accounts needs the password proved within this many seconds.
    public static let confirmationWindow: TimeInterval = 15 * 60

    /// Throws `reauthenticationRequired` when the session proved its password longer ago than the window.
    public static func requireRecentPassword(provedAt: Date, now: Date) throws {
        guard now.timeIntervalSince(provedAt) <= confirmationWindow else {
            throw DomainError.reauthenticationRequired(
                reason: "Confirm your password to continue: you signed in more than 15 minutes ago.")
        }
    }

    /// The largest grant or take in one entry.
    public static let maxAdjustment = 1_000_000

    /// A grant (coins > 0) or take (coins < 0) with its reason, trimmed.
    public static func validateAdjustment(coins: Int, reason: String) throws -> String {
        guard coins != 0, (-maxAdjustment...maxAdjustment).contains(coins) else {
            throw DomainError.invalid(
                field: "coins", reason: "Grant (positive) or take (negative) 1 to 1000000 coins at a time.")
        }
        return try validateReason(reason)
    }

    /// A reason a person wrote: 1–500 characters once trimmed.
    public static func validateReason(_ reason: String) throws -> String {
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 500 else {
            throw DomainError.invalid(field: "reason", reason: "Say why, in 1 to 500 characters.")
        }
        return trimmed
    }

    /// The ledger entry's description for an operator's grant or take.
    public static func adjustmentDescription(coins: Int, actor: String, reason: String) -> String {
        "\(coins > 0 ? "Granted" : "Taken") by \(actor): \(reason)"
    }

    /// A song's price: 0 (free) to 100000 coins.
    public static func validateTrackPrice(_ price: Int) throws {
        guard (0...100_000).contains(price) else {
            throw DomainError.invalid(field: "price", reason: "A price is 0 to 100000 coins.")
        }
    }

    /// An album's operator price: 1 to 1000000 coins, or nil for the price derived from its songs.
    public static func validateAlbumPrice(_ price: Int?) throws {
        if let price, !(1...1_000_000).contains(price) {
            throw DomainError.invalid(
                field: "price", reason: "An album price is 1 to 1000000 coins, or null for the derived one.")
        }
    }

    /// A title, genre or label: trimmed, 1 to `limit` characters.
    public static func validateName(_ text: String, field: String, limit: Int = 200) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= limit else {
            throw DomainError.invalid(field: field, reason: "\(field) is 1 to \(limit) characters.")
        }
        return trimmed
    }

    /// Lyrics: at most 20000 characters.
    public static func validateLyrics(_ text: String) throws -> String {
        guard text.count <= 20_000 else {
            throw DomainError.invalid(field: "lyrics", reason: "Lyrics are at most 20000 characters.")
        }
        return text
    }

    /// A gift-code batch: its label and an expiry in the future, if any.
    public static func validateBatch(label: String?, expiresAt: Date?, now: Date) throws -> String {
        if let expiresAt, expiresAt <= now {
            throw DomainError.invalid(field: "expiresAt", reason: "The expiry must be in the future.")
        }
        guard let label, !label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        return try validateName(label, field: "label", limit: 100)
    }

    /// A search text for users or songs: trimmed, at most 100 characters.
    public static func searchText(_ text: String?) throws -> String {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 100 else {
            throw DomainError.invalid(field: "q", reason: "Search with at most 100 characters.")
        }
        return trimmed
    }
}
