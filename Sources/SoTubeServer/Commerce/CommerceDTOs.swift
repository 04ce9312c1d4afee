import SoTubeAPI
import SoTubeCore

extension MoneyDTO {
    init(_ money: Money) { self.init(amount: money.amount, currency: money.currency) }
}

extension CoinPackDTO {
    init(_ pack: CoinPack) { self.init(id: pack.id, coins: pack.coins, price: MoneyDTO(pack.price)) }
}

extension TopUpDTO {
    init(_ topUp: TopUp) {
        self.init(
            id: topUp.id, packId: topUp.packID, coins: topUp.coins, price: MoneyDTO(topUp.price),
            status: topUp.status.rawValue, createdAt: topUp.createdAt)
    }
}

extension PurchaseDTO {
    init(_ purchase: Purchase) {
        self.init(
            id: purchase.id, kind: purchase.kind, trackIds: purchase.trackIDs, albumId: purchase.albumID,
            title: purchase.title, coins: purchase.coins, balanceAfter: purchase.balanceAfter,
            createdAt: purchase.createdAt)
    }
}

extension HistoryEntryDTO {
    init(_ entry: LedgerEntry) {
        self.init(
            id: entry.id, kind: entry.kind.rawValue, description: entry.description, coins: entry.delta,
            money: entry.money.map(MoneyDTO.init), balanceAfter: entry.balanceAfter, createdAt: entry.createdAt)
    }
}

extension CaptureResultDTO {
    init(_ outcome: CaptureOutcome) {
        self.init(topUp: TopUpDTO(outcome.topUp), credited: outcome.credited, coins: outcome.balance)
    }
}
