/// A pack of coins sold for money. The operator configures the list (`sotube packs`).
public struct CoinPack: Sendable, Equatable, Codable {
    public var id: String
    public var coins: Int
    public var price: Money
    /// Display order, smallest first.
    public var position: Int

    public init(id: String, coins: Int, price: Money, position: Int = 0) {
        self.id = id
        self.coins = coins
        self.price = price
        self.position = position
    }

    /// What a fresh store sells.
    public static let defaults: [CoinPack] = [
        CoinPack(id: "small", coins: 100, price: Money(amount: 99, currency: "USD"), position: 1),
        CoinPack(id: "medium", coins: 550, price: Money(amount: 499, currency: "USD"), position: 2),
        CoinPack(id: "large", coins: 1200, price: Money(amount: 999, currency: "USD"), position: 3),
    ]

    /// Checks an operator's pack: id of 1–32 lower-case letters, digits and '-'; 1–1,000,000 coins.
    public static func validated(id: String, coins: Int, amount: Int, currency: String, position: Int = 0) throws
        -> CoinPack
    {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard (1...32).contains(id.count), id.allSatisfy({ allowed.contains($0) }) else {
            throw DomainError.invalid(
                field: "id", reason: "A pack id has 1 to 32 lower-case letters, digits or '-'.")
        }
        guard (1...1_000_000).contains(coins) else {
            throw DomainError.invalid(field: "coins", reason: "A pack holds 1 to 1000000 coins.")
        }
        return CoinPack(id: id, coins: coins, price: try Money.validated(amount: amount, currency: currency), position: position)
    }
}
