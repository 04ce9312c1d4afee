import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/wallet*`: balance and packs, top-ups, history, gift codes (SPEC P1, P2, P5, P8).
struct WalletController {
    let wallet: any WalletService
    /// Whether coins are sold here; `.off`: top-ups are refused and no packs are shown.
    let payments: PaymentsMode
    /// Stripe's browser-side settings, when the provider is Stripe.
    let stripe: StripeSettings?
    /// Why a top-up is refused when payments are off, and how coins are obtained instead.
    static let topUpsOffDetail =
        "This store does not sell coins. Coins come from gift codes handed out by the store's operator: redeem one in your account."

    /// Buying stops while a payment of the account is disputed.
    static func refuseFrozen(_ user: User) throws {
        guard user.frozenAt == nil else {
            throw DomainError.accountFrozen(
                reason:
                    "Buying is paused for this account while one of its card payments is disputed. The store's operator will sort it out."
            )
        }
    }

    func register(on routes: RouteRegistrar) {
        routes.on(.wallet) { _, context in
            let identity = try context.requireIdentity()
            let coins = try await wallet.balance(userID: identity.user.id)
            let topUps = payments != .off
            let packs = topUps ? try await wallet.coinPacks() : []
            var wallet = WalletDTO(coins: coins, packs: packs.map(CoinPackDTO.init), topUps: topUps)
            wallet.provider = payments.rawValue
            wallet.stripe = stripe.map { StripeClientDTO(publishableKey: $0.publishableKey, jsUrl: $0.jsURL) }
            return try jsonResponse(wallet)
        }
        routes.on(.createTopUp) { request, context in
            let identity = try context.requireIdentity()
            guard payments != .off else { throw Problem(.forbidden, Self.topUpsOffDetail) }
            try Self.refuseFrozen(identity.user)
            let body = try await request.decodeJSON(TopUpRequest.self, context: context)
            let (topUp, url) = try await wallet.startTopUp(
                userID: identity.user.id, packID: body.packId)
            return try jsonResponse(
                TopUpCreatedDTO(
                    topUpId: topUp.id, checkoutUrl: url, provider: topUp.provider, clientSecret: topUp.clientSecret,
                    publishableKey: stripe?.publishableKey), status: .created)
        }
        routes.on(.listTopUps) { _, context in
            let identity = try context.requireIdentity()
            let topUps = try await wallet.topUps(userID: identity.user.id, limit: 100)
            // The list shows states; a client secret is only handed out for the one being paid.
            return try jsonResponse(
                TopUpListDTO(
                    topUps: topUps.map {
                        var topUp = TopUpDTO($0)
                        topUp.clientSecret = nil
                        return topUp
                    }))
        }
        routes.on(.topUp) { _, context in
            let identity = try context.requireIdentity()
            let id = try context.pathID()
            return try jsonResponse(TopUpDTO(try await wallet.topUp(id: id, userID: identity.user.id)))
        }
        routes.on(.payTopUpByCard) { request, context in
            let identity = try context.requireIdentity()
            try Self.refuseFrozen(identity.user)
            let id = try context.pathID()
            let body = try await request.decodeJSON(TopUpCardRequest.self, context: context)
            let (topUp, next) = try await wallet.payWithCard(topUpID: id, userID: identity.user.id, token: body.token)
            var answer = TopUpDTO(topUp)
            answer.nextAction = next?.rawValue
            return try jsonResponse(answer)
        }
        routes.on(.syncTopUp) { _, context in
            let identity = try context.requireIdentity()
            let (topUp, next) = try await wallet.syncTopUp(topUpID: try context.pathID(), userID: identity.user.id)
            var answer = TopUpDTO(topUp)
            answer.nextAction = next?.rawValue
            return try jsonResponse(answer)
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
