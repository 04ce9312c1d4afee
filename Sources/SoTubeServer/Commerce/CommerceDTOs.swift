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
            status: Status(topUp.status), createdAt: topUp.createdAt)
        provider = topUp.provider
        message = topUp.message
        paid = topUp.paid.map(MoneyDTO.init)
        refundedCoins = topUp.refundedCoins
        clientSecret = topUp.status == .pending ? topUp.clientSecret : nil
    }
}

extension PurchaseDTO {
    init(_ purchase: Purchase) {
        self.init(
            id: purchase.id, kind: Kind(purchase.kind), trackIds: purchase.trackIDs,
            albumId: purchase.albumID,
            title: purchase.title, coins: purchase.coins, balanceAfter: purchase.balanceAfter,
            createdAt: purchase.createdAt)
        self.discountCode = purchase.discountCode
    }
}

extension HistoryEntryDTO {
    init(_ entry: LedgerEntry) {
        self.init(
            id: entry.id, kind: Kind(entry.kind), description: entry.description, coins: entry.delta,
            money: entry.money.map(MoneyDTO.init), balanceAfter: entry.balanceAfter,
            createdAt: entry.createdAt)
    }
}

extension CaptureResultDTO {
    init(_ outcome: CaptureOutcome) {
        self.init(topUp: TopUpDTO(outcome.topUp), credited: outcome.credited, coins: outcome.balance)
    }
}

extension TopUpDTO.Status {
    init(_ status: TopUpStatus) {
        switch status {
        case .pending: self = .pending
        case .captured: self = .captured
        case .declined: self = .declined
        case .cancelled: self = .cancelled
        }
    }
}

extension PurchaseDTO.Kind {
    init(_ kind: PurchaseKind) {
        switch kind {
        case .track: self = .track
        case .album: self = .album
        }
    }
}

extension HistoryEntryDTO.Kind {
    init(_ kind: LedgerKind) {
        switch kind {
        case .purchase: self = .purchase
        case .topUp: self = .topUp
        case .giftCode: self = .giftCode
        case .grant: self = .grant
        case .refund: self = .refund
        case .purchaseRefund: self = .purchaseRefund
        }
    }
}
