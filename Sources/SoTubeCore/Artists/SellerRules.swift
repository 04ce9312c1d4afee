import Foundation

/// A calendar month of a statement (UTC): `2026-11`.
public struct StatementMonth: Sendable, Hashable, CustomStringConvertible {
    public let firstDay: CivilDay

    public init(containing day: CivilDay) { firstDay = day.monthStart }

    /// `YYYY-MM`; nil for anything else.
    public init?(iso text: String) {
        guard text.count == 7, let day = CivilDay(iso: text + "-01") else { return nil }
        firstDay = day
    }

    /// The first day of the next month.
    public var nextFirstDay: CivilDay { CivilDay(monthIndex: firstDay.monthIndex + 1) ?? firstDay.adding(days: 31) }
    public var startMillis: Int64 { firstDay.startMillis }
    public var endMillis: Int64 { nextFirstDay.startMillis }
    public var description: String { String(firstDay.description.prefix(7)) }
}

/// What sellers and operators may type, checked before anything is stored (SPEC P3, O6).
public enum SellerRules {
    /// The most a song or an album may cost, in coins.
    public static let maxPrice = 100_000
    public static let maxReferenceLength = 200
    public static let maxArtistsPerInvite = 50
    /// Invitations are valid for two weeks.
    public static let inviteLifetime: TimeInterval = 14 * 86_400

    public static func validatePrice(_ price: Int, field: String) throws {
        guard (0...maxPrice).contains(price) else {
            throw DomainError.invalid(field: field, reason: "A price is a whole number of coins from 0 to \(maxPrice).")
        }
    }

    /// `YYYY-MM-DD` or nil: the day an album comes out (its first UTC millisecond).
    public static func availableDay(_ text: String?, field: String = "availableOn") throws -> CivilDay? {
        guard let text, !text.isEmpty else { return nil }
        guard let day = CivilDay(iso: text) else {
            throw DomainError.invalid(field: field, reason: "A release date is a day written YYYY-MM-DD.")
        }
        return day
    }

    /// What the buyer pays: the price of a fixed-price item (an offer, if sent, must equal it), or the
    /// buyer's offer of at least the minimum for a name-your-price one (no offer: the minimum).
    public static func charge(price: Int, nameYourPrice: Bool, offer: Int?) throws -> Int {
        guard let offer else { return max(0, price) }
        guard nameYourPrice else {
            guard offer == price else {
                throw DomainError.invalid(field: "coins", reason: "This has a fixed price of \(price) coins.")
            }
            return price
        }
        guard offer >= max(0, price) else {
            throw DomainError.invalid(field: "coins", reason: "Pay at least \(max(0, price)) coins for this.")
        }
        guard offer <= maxPrice else {
            throw DomainError.invalid(field: "coins", reason: "At most \(maxPrice) coins can be paid at once.")
        }
        return offer
    }

    /// A payout: a positive number of coins no larger than the balance, a date, a short reference.
    public static func validatePayout(coins: Int, balance: Int, reference: String) throws {
        guard coins > 0 else { throw DomainError.invalid(field: "coins", reason: "Pay out at least one coin.") }
        guard coins <= balance else {
            throw DomainError.conflict(field: "coins", reason: "The balance is only \(balance) coins.")
        }
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxReferenceLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw DomainError.invalid(
                field: "reference",
                reason: "Give the payment's reference (a bank transfer id), at most \(maxReferenceLength) characters.")
        }
    }

    /// An invitation: a valid email, the artist or label role, at least one artist name, a label name
    /// for a label.
    public static func validateInvite(email: String, role: UserRole, labelName: String?, artistNames: [String]) throws {
        try AccountRules.validateEmail(email)
        guard role.sells else { throw DomainError.invalid(field: "role", reason: "Invite an artist or a label.") }
        if role == .label {
            guard let labelName, !labelName.trimmingCharacters(in: .whitespaces).isEmpty, labelName.count <= 200 else {
                throw DomainError.invalid(field: "label", reason: "Give the label's name.")
            }
        }
        let names = artistNames.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, names.count <= maxArtistsPerInvite, names.allSatisfy({ !$0.isEmpty && $0.count <= 200 })
        else {
            throw DomainError.invalid(
                field: "artists", reason: "Name the artists (1 to \(maxArtistsPerInvite)) they sell.")
        }
    }
}
