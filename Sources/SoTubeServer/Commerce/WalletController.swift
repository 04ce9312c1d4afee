import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/wallet*`: balance and packs, top-ups, history, gift codes (SPEC P1, P2, P5, P8).
struct WalletController {
    let wallet: any WalletService
    /// Whether coins are sold here; `.off`: top-ups are refused and no packs are shown.
    let payments: PaymentsMode
    /// Why a top-up is refused when payments are off, and how coins are obtained instead.
    static let topUpsOffDetail =
        "This store does not sell coins. Coins come from gift codes handed out by the store's operator: redeem one in your account."

    func register(on routes: RouteRegistrar) {
        routes.on(.wallet) { _, context in
            let identity = try context.requireIdentity()
            let coins = try await wallet.balance(userID: identity.user.id)
            let topUps = payments != .off
            let packs = topUps ? try await wallet.coinPacks() : []
            return try jsonResponse(WalletDTO(coins: coins, packs: packs.map(CoinPackDTO.init), topUps: topUps))
        }
        routes.on(.createTopUp) { request, context in
            let identity = try context.requireIdentity()
            guard payments != .off else { throw Problem(.forbidden, Self.topUpsOffDetail) }
            let body = try await request.decodeJSON(TopUpRequest.self, context: context)
            let (topUp, url) = try await wallet.startTopUp(
                userID: identity.user.id, packID: body.packId)
            return try jsonResponse(
                TopUpCreatedDTO(topUpId: topUp.id, checkoutUrl: url), status: .created)
        }
        routes.on(.topUp) { _, context in
            let identity = try context.requireIdentity()
            let id = try context.pathID()
            return try jsonResponse(TopUpDTO(try await wallet.topUp(id: id, userID: identity.user.id)))
        }
        routes.on(.walletHistory) { request, context in
            let identity = try context.requireIdentity()
            var limit = 200
            if let raw = request.uri.queryParameters.get("limit") {
                guard let value = Int(raw), (1...1000).contains(value) else {
                    throw DomainError.invalid(
                        field: "limit", reason: "limit is a whole number from 1 to 1000.")
                }
                limit = value
            }
            let entries = try await wallet.history(userID: identity.user.id, limit: limit)
            return try jsonResponse(HistoryDTO(entries: entries.map(HistoryEntryDTO.init)))
        }
        routes.on(.redeem) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(RedeemRequest.self, context: context)
            let outcome = try await wallet.redeem(userID: identity.user.id, code: body.code)
            return try jsonResponse(RedeemResultDTO(credited: outcome.coins, coins: outcome.balance))
        }
    }
}
