import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import SoTubeServer
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Catalog rows to buy, coins to spend and shorthands for the commerce routes.
enum CommerceFixture {
    /// An artist, album `albumID` and one song per price ("\(albumID)-t1", ... titled "Song 1", ...).
    @discardableResult
    static func album(_ app: TestApp, _ albumID: String, prices: [Int], albumPrice: Int? = nil)
        async throws -> [String]
    {
        try await CommerceRows.album(app.services.database.backend, albumID, prices: prices, albumPrice: albumPrice)
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
