import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct HealthTests {
    @Test func healthzReportsTheDatabase() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(try response.decode(HealthResponse.self).status == .ok)
        }
    }
}
