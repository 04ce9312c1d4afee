import SoTubeAPI

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
