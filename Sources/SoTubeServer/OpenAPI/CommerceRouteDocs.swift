import SoTubeAPI

// Coins, top-ups, purchases, gift codes and the sandbox payment provider (SPEC P1–P8).
extension RouteDocs {
    static let commerce: [RouteDoc] = [
        RouteDoc(
            "GET", "/api/v1/wallet", "Balance, the coin packs on sale and whether coins can be bought",
            tag: "coins", auth: true,
            responses: [200: ("Balance and packs", "Wallet"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "POST", "/api/v1/wallet/top-ups",
            "Start buying a coin pack: opens a checkout at the payment provider",
            tag: "coins", auth: true, request: "TopUpRequest",
            responses: [
                201: ("Checkout opened; coins arrive only after capture", "TopUpCreated"),
                400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
                403: ("This store sells no coins (wallet topUps is false): coins come from gift codes", nil),
                422: ("Missing or unknown packId", nil),
            ]),
        RouteDoc(
            "GET", "/api/v1/wallet/top-ups/{id}", "One of the caller's top-ups and its status",
            tag: "coins",
            auth: true,
            responses: [
                200: ("The top-up: pending, captured, declined or cancelled", "TopUp"),
                401: ("Not logged in", nil), 404: ("No such top-up of the caller", nil),
            ]),
        RouteDoc(
            "GET", "/api/v1/wallet/history", "Every purchase, top-up, gift code and grant, newest first",
            tag: "coins", auth: true,
            responses: [
                200: ("History with balanceAfter", "History"), 401: ("Not logged in", nil),
                422: ("Bad limit", nil),
            ],
            query: ["limit": "At most this many entries, 1–1000 (default 200)"]),
        RouteDoc(
            "POST", "/api/v1/wallet/redeem", "Redeem a gift code once", tag: "coins", auth: true,
            request: "RedeemRequest",
            responses: [
                200: ("Coins credited", "RedeemResult"), 400: ("Malformed JSON", nil),
                401: ("Not logged in", nil), 404: ("Unknown code", nil), 409: ("Already redeemed", nil),
                422: ("Not a gift code", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/purchases",
            "Buy a song or an album (bundle price for the songs not yet owned)",
            tag: "coins", auth: true, request: "PurchaseRequest",
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
            ]),
        RouteDoc(
            "GET", "/api/v1/purchases", "The caller's purchases, newest first", tag: "coins", auth: true,
            responses: [200: ("Purchases", "PurchaseList"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "POST", "/api/v1/payments/sandbox/capture",
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
            ]),
        {
            // A page for the browser: its "not found" is a page too (a problem document when payments
            // are off and the route is not mounted).
            var route = RouteDoc(
                "GET", "/sandbox/checkout/{id}", "The sandbox provider's hosted checkout page",
                tag: "payments",
                responses: [
                    200: ("Checkout page: log in and pay, or pay with card", nil),
                    404: ("Unknown checkout (an HTML page), or payments are off", nil),
                ],
                responseContentType: "text/html")
            route.pageStatuses = [404]
            return route
        }(),
        {
            var route = RouteDoc(
                "POST", "/sandbox/checkout/{id}",
                "Pay on the sandbox checkout (form post: method=account|card|cancel)", tag: "payments",
                responses: [
                    303: ("Paid or cancelled: redirect to /#/account?topUp={id}", nil),
                    402: ("Declined: the page again with the reason", nil),
                    404: ("Unknown checkout (an HTML page), or payments are off", nil),
                    409: ("The checkout was cancelled: the page again", nil),
                    422: ("Form filled in wrongly: the page again", nil),
                ],
                responseContentType: "text/html")
            route.pageStatuses = [402, 404, 409, 422]
            return route
        }(),
    ]
}

extension SchemaDocs {
    static let commerce: [String: JSONValue] = [
        "Money": JSONSchema.object(["amount": JSONSchema.int, "currency": JSONSchema.string]),
        "CoinPack": JSONSchema.object([
            "id": JSONSchema.string, "coins": JSONSchema.int, "price": JSONSchema.ref("Money"),
        ]),
        "Wallet": JSONSchema.object([
            "coins": JSONSchema.int, "packs": JSONSchema.array(JSONSchema.ref("CoinPack")),
            // false: this store sells no coins (packs is empty); coins come from gift codes.
            "topUps": JSONSchema.bool,
        ]),
        "TopUpRequest": JSONSchema.object(["packId": JSONSchema.string]),
        "TopUpCreated": JSONSchema.object(["topUpId": JSONSchema.string, "checkoutUrl": JSONSchema.string]),
        "TopUp": JSONSchema.object(
            [
                "id": JSONSchema.string, "packId": JSONSchema.string, "coins": JSONSchema.int,
                "price": JSONSchema.ref("Money"),
                "status": JSONSchema.enumeration(TopUpDTO.Status.self),
                "createdAt": ["type": "string", "format": "date-time"],
            ]),
        "PurchaseRequest": JSONSchema.object(
            [
                "trackId": JSONSchema.string, "albumId": JSONSchema.string,
                "expectedPrice": [
                    "type": "integer", "minimum": 0,
                    "description":
                        "The price the buyer was shown and confirmed (a song's price, an album's priceForCaller); another price now answers 409 and charges nothing",
                ],
            ], required: []),
        "Purchase": JSONSchema.object(
            [
                "id": JSONSchema.string, "kind": JSONSchema.enumeration(PurchaseDTO.Kind.self),
                "trackIds": JSONSchema.array(JSONSchema.string),
                "albumId": JSONSchema.nullable("string"), "title": JSONSchema.string, "coins": JSONSchema.int,
                "balanceAfter": JSONSchema.int,
                "createdAt": ["type": "string", "format": "date-time"],
            ],
            required: ["id", "kind", "trackIds", "title", "coins", "balanceAfter", "createdAt"]),
        "PurchaseResult": JSONSchema.object(["purchase": JSONSchema.ref("Purchase"), "coins": JSONSchema.int]),
        "PurchaseList": JSONSchema.object(["purchases": JSONSchema.array(JSONSchema.ref("Purchase"))]),
        "HistoryEntry": JSONSchema.object(
            [
                "id": JSONSchema.string,
                "kind": JSONSchema.enumeration(HistoryEntryDTO.Kind.self),
                "description": JSONSchema.string, "coins": JSONSchema.int, "money": JSONSchema.ref("Money"),
                "balanceAfter": JSONSchema.int,
                "createdAt": ["type": "string", "format": "date-time"],
            ],
            required: ["id", "kind", "description", "coins", "balanceAfter", "createdAt"]),
        "History": JSONSchema.object(["entries": JSONSchema.array(JSONSchema.ref("HistoryEntry"))]),
        "RedeemRequest": JSONSchema.object(["code": JSONSchema.string]),
        "RedeemResult": JSONSchema.object(["credited": JSONSchema.int, "coins": JSONSchema.int]),
        "CaptureNotification": JSONSchema.object(["topUpId": JSONSchema.string, "providerReference": JSONSchema.string]
        ),
        "CaptureResult": JSONSchema.object([
            "topUp": JSONSchema.ref("TopUp"), "credited": JSONSchema.bool, "coins": JSONSchema.int,
        ]),
    ]
}
