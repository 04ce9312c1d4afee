import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/purchases`: buy a song or an album with coins, exactly once per `Idempotency-Key`
/// (SPEC P3, P4, P6, P7), and list what was bought.
struct PurchaseController {
    let purchases: any PurchaseService
    static let idempotencyHeader = HTTPField.Name(SoTubeHeader.idempotencyKey)!
    static let replayedHeader = HTTPField.Name(SoTubeHeader.idempotentReplayed)!

    func register(on routes: RouteRegistrar) {
        routes.on(.buy) { request, context in
            let identity = try context.requireIdentity()
            try WalletController.refuseFrozen(identity.user)
            let key = try IdempotencyKey.validated(request.headers[Self.idempotencyHeader])
            let body = try await request.decodeJSON(PurchaseRequest.self, context: context)
            let target = try PurchaseTarget(trackID: body.trackId, albumID: body.albumId)
            if let expected = body.expectedPrice, expected < 0 {
                throw DomainError.invalid(field: "expectedPrice", reason: "A price is 0 coins or more.")
            }
            let outcome = try await purchases.purchase(
                userID: identity.user.id, target: target, idempotencyKey: key, expectedPrice: body.expectedPrice,
                offeredCoins: body.coins, discountCode: try body.discountCode.map(DiscountRules.normalized))
            var headers = HTTPFields()
            if outcome.replayed { headers[Self.replayedHeader] = "true" }
            return try jsonResponse(
                PurchaseResultDTO(purchase: PurchaseDTO(outcome.purchase), coins: outcome.balance),
                status: .created,
                headers: headers)
        }
        routes.on(.purchases) { _, context in
            let identity = try context.requireIdentity()
            let bought = try await purchases.purchases(userID: identity.user.id)
            return try jsonResponse(PurchaseListDTO(purchases: bought.map(PurchaseDTO.init)))
        }
    }
}
