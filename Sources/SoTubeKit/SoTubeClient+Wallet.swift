import Foundation
import SoTubeAPI

extension SoTubeClient {
    /// The caller's balance, the coin packs on sale and whether coins can be bought here.
    public func wallet() async throws -> WalletDTO {
        try await call(.wallet)
    }

    /// Starts buying the coin pack `packID`: open ``TopUpCheckout/checkoutURL`` in a browser (an
    /// `ASWebAuthenticationSession` or `SFSafariViewController` in an iOS app) to pay, then poll
    /// ``topUp(id:)`` or ``wallet()``.
    ///
    /// - Throws: ``SoTubeError/forbidden(message:)`` when this server sells no coins (gift codes
    ///   only), ``SoTubeError/notFound`` for an unknown pack.
    public func startTopUp(packID: String) async throws -> TopUpCheckout {
        let created: TopUpCreatedDTO = try await call(
            .createTopUp, body: TopUpRequest(packId: packID))
        return TopUpCheckout(topUpID: created.topUpId, checkoutURL: url(for: created.checkoutUrl))
    }

    /// One of the caller's top-ups and where its payment stands.
    public func topUp(id: String) async throws -> TopUpDTO {
        try await call(.topUp, id)
    }

    /// Every purchase, top-up, gift code and grant, newest first; the newest `limit` (1–1000) when given.
    public func walletHistory(limit: Int? = nil) async throws -> [HistoryEntryDTO] {
        try await call(.walletHistory, query: ["limit": limit.map(String.init)], as: HistoryDTO.self).entries
    }

    /// Redeems a gift code once.
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown code, ``SoTubeError/conflict(field:message:)``
    ///   for one redeemed already.
    public func redeem(code: String) async throws -> RedeemResultDTO {
        try await call(
            .redeem, body: RedeemRequest(code: code))
    }

    /// The caller's purchases, newest first.
    public func purchases() async throws -> [PurchaseDTO] {
        try await call(.purchases, as: PurchaseListDTO.self).purchases
    }

    /// Buys what `intent` names, at most once whatever happens to the network.
    ///
    /// The request carries the intent's `Idempotency-Key`. When no answer comes back (the connection
    /// broke, the server restarted: ``SoTubeError/offline(reason:)`` or a 502/503/504), the same
    /// request with the same key is sent again, up to ``purchaseAttempts`` times; the server
    /// answers a repeated key with the first purchase instead of charging again. Keep the intent
    /// (it is `Codable`) and call `buy` with it again to retry later, e.g. after the app restarts.
    ///
    /// - Throws: ``SoTubeError/notEnoughCoins(missing:)``, ``SoTubeError/alreadyOwned``,
    ///   ``SoTubeError/priceChanged(price:)`` (the intent's `expectedPrice` is not the price now; nothing
    ///   was charged), ``SoTubeError/notFound``, or the last ``SoTubeError/offline(reason:)`` when every attempt
    ///   got no answer.
    @discardableResult
    public func buy(_ intent: PurchaseIntent) async throws -> PurchaseReceipt {
        let body = try SoTubeJSON.encoder.encode(intent.request)
        var delay = purchaseRetryDelay
        var attempt = 1
        while true {
            let request = try await request(
                Route.buy.method.rawValue, Route.buy.path, body: body,
                headers: [SoTubeHeader.idempotencyKey: intent.idempotencyKey])
            do {
                let (data, response) = try await send(request, isPurchase: true)
                let replayed = response.value(forHTTPHeaderField: SoTubeHeader.idempotentReplayed) == "true"
                return PurchaseReceipt(
                    result: try decode(PurchaseResultDTO.self, from: data), replayed: replayed, attempts: attempt)
            } catch let error as SoTubeError where attempt < purchaseAttempts && Self.answerWasLost(error) {
                try await Task.sleep(for: delay)
                delay *= 2
                attempt += 1
            }
        }
    }

    /// Whether an error means the purchase may or may not have happened: resend with the same key.
    static func answerWasLost(_ error: SoTubeError) -> Bool {
        switch error {
        case .offline: return true
        case .server(let status, _): return [502, 503, 504].contains(status)
        default: return false
        }
    }
}

/// A top-up waiting to be paid: open ``checkoutURL`` to pay.
public struct TopUpCheckout: Sendable, Equatable {
    /// The top-up's id, for ``SoTubeClient/topUp(id:)``.
    public var topUpID: String
    /// The payment provider's hosted checkout page (absolute).
    public var checkoutURL: URL

    /// A top-up `topUpID` paid at `checkoutURL`.
    public init(topUpID: String, checkoutURL: URL) {
        self.topUpID = topUpID
        self.checkoutURL = checkoutURL
    }
}

/// The wish to buy one song or album, with the `Idempotency-Key` made once for it: every attempt
/// to buy it sends the same key, so it is charged at most once.
///
/// Make a new intent for each tap on "Buy"; keep and reuse it to retry that purchase.
public struct PurchaseIntent: Sendable, Hashable, Codable {
    /// What to buy.
    public enum Item: Sendable, Hashable, Codable {
        /// One song, by id.
        case track(String)
        /// The songs of an album the caller does not own yet, by album id.
        case album(String)
    }

    /// What to buy.
    public let item: Item
    /// The key sent as `Idempotency-Key` with every attempt.
    public let idempotencyKey: String
    /// The price the buyer was shown and agreed to (a song's `price`, an album's `priceForCaller`).
    /// When the purchase costs something else by the time it arrives, nothing is charged and `buy`
    /// throws ``SoTubeError/priceChanged(price:)``: show the new price and ask again. Nil charges
    /// whatever it costs now.
    public let expectedPrice: Int?

    /// An intent to buy `item` at `expectedPrice`, with a new random key unless one is given.
    public init(_ item: Item, expectedPrice: Int? = nil, idempotencyKey: String = UUID().uuidString) {
        self.item = item
        self.expectedPrice = expectedPrice
        self.idempotencyKey = idempotencyKey
    }

    /// An intent to buy the song `id` at the price shown, with a new key.
    public static func track(_ id: String, expectedPrice: Int? = nil) -> PurchaseIntent {
        PurchaseIntent(.track(id), expectedPrice: expectedPrice)
    }

    /// An intent to buy the album `id` (the songs not owned yet) at the price shown, with a new key.
    public static func album(_ id: String, expectedPrice: Int? = nil) -> PurchaseIntent {
        PurchaseIntent(.album(id), expectedPrice: expectedPrice)
    }

    /// The same purchase (and key) at a price the buyer agreed to after ``SoTubeError/priceChanged(price:)``.
    public func confirming(price: Int) -> PurchaseIntent {
        PurchaseIntent(item, expectedPrice: price, idempotencyKey: idempotencyKey)
    }

    /// The request body this intent sends.
    public var request: PurchaseRequest {
        switch item {
        case .track(let id): return PurchaseRequest(trackId: id, expectedPrice: expectedPrice)
        case .album(let id): return PurchaseRequest(albumId: id, expectedPrice: expectedPrice)
        }
    }
}

/// The answer to a purchase.
public struct PurchaseReceipt: Sendable, Equatable {
    /// The purchase and the balance after it.
    public var result: PurchaseResultDTO
    /// True when the server answered with the purchase an earlier attempt with the same key made.
    public var replayed: Bool
    /// How many times the request was sent.
    public var attempts: Int

    /// A receipt for `result`.
    public init(result: PurchaseResultDTO, replayed: Bool, attempts: Int) {
        self.result = result
        self.replayed = replayed
        self.attempts = attempts
    }
}
