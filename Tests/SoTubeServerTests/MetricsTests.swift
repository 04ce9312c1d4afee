import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

/// `GET /metrics` speaks the Prometheus text format and counts requests per route pattern.
@Suite struct MetricsTests {
    /// Samples of the text format: "name{labels} value" lines (comments skipped); fails on any
    /// line that is not a sample.
    static func samples(_ text: String) throws -> [(name: String, labels: [String: String], value: Double)] {
        var result: [(String, [String: String], Double)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let (series, valueText) = try #require(
                line.lastIndex(of: " ").map { (line[..<$0], line[line.index(after: $0)...]) }, "\(line)")
            let value = try #require(Double(valueText), "\(line)")
            var labels: [String: String] = [:]
            var name = Substring(series)
            if let open = series.firstIndex(of: "{") {
                name = series[..<open]
                #expect(series.hasSuffix("}"), "\(line)")
                let inner = series[series.index(after: open)..<series.index(before: series.endIndex)]
                for pair in inner.split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    try #require(parts.count == 2 && parts[1].hasPrefix("\"") && parts[1].hasSuffix("\""), "\(line)")
                    labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
                }
            }
            #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }, "\(line)")
            result.append((String(name), labels, value))
        }
        return result
    }

    static func value(
        _ samples: [(name: String, labels: [String: String], value: Double)], _ name: String,
        _ labels: [String: String]
    ) -> Double {
        samples.filter { sample in
            sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value }
        }
        .reduce(0) { $0 + $1.value }
    }

    @Test func metricsParseAndCountRequestsByRoutePattern() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            for id in ["t1", "t2", "t3"] {
                #expect(try await client.execute(uri: "/api/v1/tracks/\(id)", method: .get).status == .ok)
            }
            #expect(try await client.execute(uri: "/api/v1/tracks/nope", method: .get).status == .notFound)
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let samples = try Self.samples(response.text)
            let route = ["route": "/api/v1/tracks/{id}", "method": "GET"]
            #expect(Self.value(samples, "sotube_http_requests_total", route.merging(["status": "200"]) { $1 }) == 3)
            #expect(Self.value(samples, "sotube_http_requests_total", route.merging(["status": "404"]) { $1 }) == 1)
            #expect(Self.value(samples, "sotube_http_errors_total", route) == 1)
            #expect(Self.value(samples, "sotube_http_request_duration_seconds_count", route) == 4)
            #expect(!samples.contains { $0.labels["route"]?.contains("t1") == true }, "raw paths must not be labels")
            #expect(samples.contains { $0.name == "sotube_purchases_total" })
        }
    }

    @Test func purchasesAreCounted() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("buyer")
            _ = try await app.services.commerce.grant(username: "buyer", coins: 100)
            var headers = HTTPFields()
            headers[HTTPField.Name(SoTubeHeader.idempotencyKey)!] = "k1"
            for _ in 0..<2 {  // the second is a replay: one purchase
                let bought = try await client.json(
                    .post, "/api/v1/purchases", body: PurchaseRequest(trackId: "t1"), token: token, headers: headers)
                #expect(bought.status == .created || bought.status == .ok)
            }
            let samples = try Self.samples(try await client.execute(uri: "/metrics", method: .get).text)
            #expect(Self.value(samples, "sotube_purchases_total", [:]) == 1)
        }
    }
}
