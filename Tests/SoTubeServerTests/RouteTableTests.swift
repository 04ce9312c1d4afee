import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@testable import SoTubeServer

/// The route table (`SoTubeAPI.Route.all`) is the one list of routes: what the router serves, what
/// the OpenAPI document says and what the web app calls are made from it.
@Suite struct RouteTableTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theTableHasEachRouteOnce() {
        let names = Route.all.map(\.description)
        #expect(Set(names).count == names.count, "a route is declared twice: \(names)")
        // Every method of one path has the same web name, so endpoints.js has one export per path.
        for (path, routes) in Dictionary(grouping: Route.all, by: \.path) {
            #expect(Set(routes.map(\.webName)).count == 1, "\(path) has several web names")
        }
    }

    @Test func everyTableRouteIsServedAndEveryServedRouteIsInTheTable() async throws {
        let app = try await TestApp.make()
        let router = buildRouter(app.services)
        let served = router.routes.map { "\($0.method.rawValue) \($0.path.description)" }
        let table = Route.all.map(\.description)
        #expect(Set(served) == Set(table))
        #expect(served.count == Set(served).count, "a route has two handlers")
        #expect(served.count == table.count)
        await app.close()
    }

    @Test func withPaymentsOffOnlyTheSandboxProvidersRoutesAreMissing() async throws {
        let app = try await TestApp.make { $0.payments = .off }
        let served = Set(buildRouter(app.services).routes.map { "\($0.method.rawValue) \($0.path.description)" })
        let missing = Set(Route.all.map(\.description)).subtracting(served)
        #expect(missing == Set([Route.sandboxCapture, .sandboxCheckout, .payOnSandboxCheckout].map(\.description)))
        await app.close()
    }

    @Test func theDocumentListsExactlyTheTable() throws {
        let data = OpenAPIDocument.json()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let paths = json?["paths"] as? [String: [String: Any]] ?? [:]
        let documented = paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } }
        #expect(Set(documented) == Set(Route.all.map(\.description)))
        // A signed-in route says so, and says what a guest gets.
        let me = paths["/api/v1/me"]?["get"] as? [String: Any]
        #expect(me?["security"] != nil)
        #expect((me?["responses"] as? [String: Any])?["401"] != nil)
    }

    @Test func everySchemaTheTableNamesIsMadeFromAWireType() throws {
        let schemas = try WireSchemas.components()
        let named = Route.all.flatMap { route in [route.requestSchema] + route.responses.values.map(\.schema) }
        for name in Set(named.compactMap { $0 }) {
            #expect(schemas[name] != nil, "the table names the schema \(name), which no wire type gives")
        }
        // What the types say: a required field, an optional one, an enum's cases, a date.
        #expect(
            schemas["Track"]?.object?["required"]?.strings?.contains("price") == true,
            "a song's price is always sent")
        #expect(schemas["Track"]?.object?["required"]?.strings?.contains("loudness") == false)
        let status = schemas["TopUp"]?.object?["properties"]?.object?["status"]?.object
        #expect(status?["enum"]?.strings == TopUpDTO.Status.allCases.map(\.rawValue))
        let created = schemas["TopUp"]?.object?["properties"]?.object?["createdAt"]
        #expect(created == ["type": "string", "format": "date-time"])
    }

    @Test func theWebAppsEndpointsModulesAreTheGeneratedOnes() throws {
        let committed = try String(
            contentsOf: Self.repository.appendingPathComponent("Public/js/endpoints.js"), encoding: .utf8)
        #expect(
            committed == WebEndpointsModule.source(),
            "Public/js/endpoints.js is stale: run `sotube routes --js > Public/js/endpoints.js`")
        let staff = try String(
            contentsOf: Self.repository.appendingPathComponent("Public/js/endpoints-staff.js"), encoding: .utf8)
        #expect(
            staff == WebEndpointsModule.source(part: .staff),
            "Public/js/endpoints-staff.js is stale: run `sotube routes --js-staff > Public/js/endpoints-staff.js`")
        // Every page loads the buyers' file: no console or artist URL in it.
        #expect(!committed.contains("/admin/") && !committed.contains("${A}/artist/"))
        #expect(staff.contains("/admin/") && staff.contains("export * from './endpoints.js';"))
    }

    @Test func theServiceWorkersPathPatternsAreTheTables() throws {
        let worker = try String(contentsOf: Self.repository.appendingPathComponent("Public/sw.js"), encoding: .utf8)
        for route in [Route.trackAudio, .albumArtwork, .artistImage, .playlistArtwork] {
            #expect(worker.contains("/\(route.pathRegex)/"), "Public/sw.js has no pattern for \(route)")
        }
    }

    @Test func urlsFillTheSegmentsEncodedAndLeaveOutMissingQueryValues() {
        #expect(Route.album.path("al 1/2") == "/api/v1/albums/al%201%2F2")
        #expect(Route.search.path(query: ["q": "back in", "limit": nil]) == "/api/v1/search?q=back%20in")
        #expect(Route.markFavouriteTrack.path("t1") == "/api/v1/me/favourites/tracks/t1")
        #expect(Route.health.path() == "/healthz")
    }

    @Test func signedInRoutesAnswerAGuestWith401BeforeTheirHandlerRuns() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            for route in Route.all where route.access == .user {
                let path = route.path(values: route.parameters.map { _ in "x1" })
                let method = HTTPRequest.Method(rawValue: route.method.rawValue) ?? .get
                let response = try await client.execute(
                    uri: path, method: method, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: "{}"))
                #expect(response.status == .unauthorized, "\(route) answered \(response.status) to a guest")
                if method != .head {
                    #expect(response.headers[.contentType] == "application/problem+json", "\(route)")
                }
            }
        }
    }

    @Test func onlyTheAudioRoutesRememberSessions() {
        #expect(Set(Route.all.filter(\.remembersSessions)) == [Route.trackAudio, .trackAudioHead])
        #expect(AuthMiddleware.remembersSessions(.get, endpoint: "/api/v1/tracks/{id}/audio"))
        #expect(AuthMiddleware.remembersSessions(.head, endpoint: "/api/v1/tracks/{id}/audio"))
        #expect(!AuthMiddleware.remembersSessions(.get, endpoint: "/api/v1/tracks/{id}/download"))
        #expect(!AuthMiddleware.remembersSessions(.get, endpoint: nil))
    }
}
