// Coins, top-ups, purchases and the sandbox payment provider (SPEC P1–P9).
extension Route {
    public static let wallet = Route(
        .get, "/api/v1/wallet", "Balance, the coin packs on sale and whether coins can be bought",
        tag: "coins", access: .user,
        responses: [200: ("Balance and packs", "Wallet"), 401: ("Not logged in", nil)], web: "wallet")
    public static let createTopUp = Route(
        .post, "/api/v1/wallet/top-ups",
        "Start buying a coin pack: opens a checkout at the payment provider",
        tag: "coins", access: .user, request: "TopUpRequest",
        responses: [
            201: ("Checkout opened; coins arrive only after capture", "TopUpCreated"),
            400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            403: ("This store sells no coins (wallet topUps is false): coins come from gift codes", nil),
            422: ("Missing or unknown packId", nil),
        ], web: "topUps")
    public static let listTopUps = Route(
        .get, "/api/v1/wallet/top-ups", "The caller's top-ups, newest first: each one's state and the amount paid",
        tag: "coins", access: .user,
        responses: [200: ("Top-ups (at most 100)", "TopUpList"), 401: ("Not logged in", nil)], web: "topUps")
    public static let topUp = Route(
        .get, "/api/v1/wallet/top-ups/{id}", "One of the caller's top-ups and its status",
        tag: "coins",
        access: .user,
        responses: [
            200: ("The top-up: pending, captured, declined or cancelled", "TopUp"),
            401: ("Not logged in", nil), 404: ("No such top-up of the caller", nil),
        ], web: "topUp")
    public static let walletHistory = Route(
        .get, "/api/v1/wallet/history", "Every purchase, top-up, gift code and grant, newest first",
        tag: "coins", access: .user,
        responses: [
            200: ("History with balanceAfter", "History"), 401: ("Not logged in", nil),
            422: ("Bad limit", nil),
        ],
        query: ["limit": "At most this many entries, 1–1000 (default 200)"], web: "walletHistory")
    public static let redeem = Route(
        .post, "/api/v1/wallet/redeem", "Redeem a gift code once", tag: "coins", access: .user,
        request: "RedeemRequest",
        responses: [
            200: ("Coins credited", "RedeemResult"), 400: ("Malformed JSON", nil),
            401: ("Not logged in", nil), 404: ("Unknown code", nil), 409: ("Already redeemed", nil),
            422: ("Not a gift code", nil),
        ], web: "redeem")
    public static let buy = Route(
        .post, "/api/v1/purchases",
        "Buy a song or an album (bundle price for the songs not yet owned)",
        tag: "coins", access: .user, request: "PurchaseRequest",
        responses: [
            201: ("Bought (or the stored answer for a reused Idempotency-Key)", "PurchaseResult"),
            400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            402: ("Not enough coins: missingCoins says how many", nil),
            404: ("No such song or album", nil),
            409: (
                "Already owned (album: every song), a song withdrawn or still being prepared, or (type "
                    + "urn:sotube:problem:price-changed) the price is not the expectedPrice the buyer confirmed: "
                    + "price holds the price now, nothing was charged",
                nil
            ),
            422: (
                "Missing Idempotency-Key, key reused with another body, not exactly one of trackId/albumId, "
                    + "or a negative expectedPrice",
                nil
            ),
        ],
        headers: [
            SoTubeHeader.idempotencyKey:
                "Required. A unique value per purchase (e.g. a UUID); a retry with the same key and body answers the first result and charges nothing"
        ], web: "purchases")
    public static let purchases = Route(
        .get, "/api/v1/purchases", "The caller's purchases, newest first", tag: "coins", access: .user,
        responses: [200: ("Purchases", "PurchaseList"), 401: ("Not logged in", nil)], web: "purchases")
    public static let sandboxCapture = Route(
        .post, "/api/v1/payments/sandbox/capture",
        "Capture notification from the sandbox payment provider: credits the coins once per provider reference",
        tag: "payments", request: "CaptureNotification",
        responses: [
            200: ("Captured (credited is false on a replay)", "CaptureResult"),
            400: ("Malformed JSON", nil),
            401: ("Missing or wrong signature", nil),
            404: ("No top-up with this id and reference, or payments are off (no sandbox provider)", nil),
            409: ("The top-up was cancelled", nil), 422: ("Missing field", nil),
        ],
        headers: [
            SoTubeHeader.sandboxSignature:
                "Hex HMAC-SHA256 of \"topUpId.providerReference\" with the provider's key"
        ])
    public static let sandboxCheckout = Route(
        .get, "/sandbox/checkout/{id}", "The sandbox provider's hosted checkout page",
        tag: "payments", access: .hostedPage,
        responses: [
            200: ("Checkout page: log in and pay, or pay with card", nil),
            404: ("Unknown checkout (an HTML page), or payments are off", nil),
        ],
        responseContentType: "text/html", pageStatuses: [404])
    public static let payOnSandboxCheckout = Route(
        .post, "/sandbox/checkout/{id}",
        "Pay on the sandbox checkout (form post: method=account|card|cancel)", tag: "payments", access: .hostedPage,
        responses: [
            303: ("Paid or cancelled: redirect to /#/account?topUp={id}", nil),
            402: ("Declined: the page again with the reason", nil),
            404: ("Unknown checkout (an HTML page), or payments are off", nil),
            409: ("The checkout was cancelled: the page again", nil),
            422: ("Form filled in wrongly: the page again", nil),
        ],
        responseContentType: "text/html", pageStatuses: [402, 404, 409, 422])

    public static let payTopUpByCard = Route(
        .post, "/api/v1/wallet/top-ups/{id}/card",
        "Pay a Stripe top-up with the card token Stripe.js made in the browser (card data never reaches this server)",
        tag: "coins", access: .user, request: "TopUpCardRequest",
        responses: [
            200: (
                "The top-up after the bank's answer: captured (coins credited), declined (message says why), or "
                    + "pending with nextAction authenticate (3-D Secure in the browser, then /sync)",
                "TopUp"
            ),
            400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            403: ("Buying is stopped for this account while a payment is disputed (account-frozen)", nil),
            404: ("No such top-up of the caller, or card payments are off", nil),
            409: ("Already paid, declined or cancelled: start a new top-up", nil),
            422: ("Missing or unknown token", nil),
            502: ("Stripe cannot be reached: nothing was charged", nil),
        ], web: "topUpCard")
    public static let syncTopUp = Route(
        .post, "/api/v1/wallet/top-ups/{id}/sync",
        "Read a card top-up's payment back from Stripe (after 3-D Secure) and credit the coins once when paid",
        tag: "coins", access: .user,
        responses: [
            200: ("The top-up as Stripe reports it now", "TopUp"), 401: ("Not logged in", nil),
            404: ("No such top-up of the caller", nil), 502: ("Stripe cannot be reached", nil),
        ], web: "topUpSync")
    public static let stripeWebhook = Route(
        .post, "/webhooks/stripe",
        "Stripe's signed events: payment_intent.succeeded/payment_failed, charge.refunded, charge.dispute.created",
        tag: "payments",
        responses: [
            200: ("Applied, or applied before (each event id once)", "WebhookResult"),
            400: ("Bad or stale signature (5-minute tolerance), or not a Stripe event: nothing changed", nil),
            404: ("Card payments are off", nil),
        ],
        headers: ["Stripe-Signature": "t=TIMESTAMP,v1=hex HMAC-SHA256 of \"TIMESTAMP.body\" with the webhook secret"])

    /// Every route of this group, in the order the document lists them.
    static let commerce: [Route] = [
        wallet, createTopUp, listTopUps, topUp, payTopUpByCard, syncTopUp, walletHistory, redeem, buy, purchases,
        sandboxCapture, sandboxCheckout, payOnSandboxCheckout, stripeWebhook,
    ]
}
