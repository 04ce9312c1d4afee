import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeStoreSQL
import Testing

/// Catalog rows to buy, coins to spend and shorthands for the commerce routes.
enum CommerceFixture {
    /// Inserts an artist, album `albumID` and one track per price ("\(albumID)-t1", ...) with plain SQL.
    @discardableResult
    static func album(_ app: TestApp, _ albumID: String, prices: [Int], albumPrice: Int? = nil)
        async throws -> [String]
    {
        let ids = prices.indices.map { "\(albumID)-t\($0 + 1)" }
        try await app.services.database.backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO artists (id, name, name_key, created_at)
                VALUES (\(bind: "ar-" + albumID), \(bind: "Artist " + albumID), \(bind: "artist " + albumID), 0)
                """
            ).run()
            try await db.raw(
                """
                INSERT INTO albums (id, artist_id, title, title_key, price, created_at)
                VALUES (\(bind: albumID), \(bind: "ar-" + albumID), \(bind: "Album " + albumID), \(bind: albumID),
                    \(bind: albumPrice), 0)
                """
            ).run()
            for (index, price) in prices.enumerated() {
                try await db.raw(
                    """
                    INSERT INTO tracks (id, album_id, artist_id, title, track_number, price, media_path, media_type,
                        preview_path, preview_type, created_at, updated_at)
                    VALUES (\(bind: ids[index]), \(bind: albumID), \(bind: "ar-" + albumID),
                        \(bind: "Song \(index + 1)"), \(bind: index + 1), \(bind: price), \(bind: "m/\(ids[index])"),
                        'audio/mp4', \(bind: "p/\(ids[index])"), 'audio/mp4', 0, 0)
                    """
                ).run()
            }
        }
        return ids
    }

    /// Gives `username` coins the way the operator does (`sotube coins grant`).
    static func grant(_ app: TestApp, _ username: String, _ coins: Int) async throws {
        _ = try await app.services.commerce.grant(username: username, coins: coins)
    }
}

extension TestClientProtocol {
    /// `POST /api/v1/purchases` with an Idempotency-Key (nil sends none).
    func buy(_ body: PurchaseRequest, key: String?, token: String) async throws -> TestResponse {
        var headers = HTTPFields()
        if let key { headers[HTTPField.Name("Idempotency-Key")!] = key }
        return try await json(.post, "/api/v1/purchases", body: body, token: token, headers: headers)
    }

    func wallet(_ token: String) async throws -> WalletDTO {
        try await json(.get, "/api/v1/wallet", token: token).decode(WalletDTO.self)
    }

    /// A form post to the sandbox checkout page.
    func payOnSandbox(_ topUpID: String, _ fields: [String: String], headers extra: HTTPFields = [:])
        async throws
        -> TestResponse
    {
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
        return try await execute(
            uri: "/sandbox/checkout/\(topUpID)", method: .post, headers: headers,
            body: ByteBuffer(string: body))
    }
}
