import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import SoTubeServer

@Suite struct OpenAPITests {
    @Test func everyRegisteredRouteIsDocumented() async throws {
        let app = try await TestApp.make()
        let router = buildRouter(app.services)
        let documented = Set(OpenAPIDocument.routes.map { "\($0.method.rawValue) \($0.path)" })
        let registered = router.routes.map { "\($0.method.rawValue) \($0.path.description)" }
        #expect(!registered.isEmpty)
        for route in registered {
            #expect(documented.contains(route), "route \(route) is registered but missing from /openapi.json")
        }
        await app.close()
    }

    @Test func servedDocumentListsThePaths() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(json?["openapi"] as? String == "3.1.0")
            let paths = json?["paths"] as? [String: Any] ?? [:]
            for path in ["/healthz", "/api/v1/auth/register", "/api/v1/auth/login", "/api/v1/me"] {
                #expect(paths[path] != nil, "missing \(path)")
            }
        }
    }
}
