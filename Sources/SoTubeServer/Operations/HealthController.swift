import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/healthz` (liveness), `/readyz` (readiness) and `/openapi.json`.
struct HealthController {
    let health: HealthState
    /// A stopping server is not ready: the load balancer sends its clients elsewhere.
    let drain: Drain
    /// The schema version this build migrates to.
    let expectedSchemaVersion: Int
    private var database: any HealthCheck { health.database }
    /// The healthy answer, encoded once: monitors and load balancers ask many times a second. Encoding
    /// this value cannot fail; the literal is the same bytes, so no `try!` can stop the server.
    private static let healthy =
        (try? SoTubeJSON.encoder.encode(HealthResponse(status: .ok, database: "ok")))
        ?? Data(#"{"database":"ok","status":"ok"}"#.utf8)

    func register(on routes: RouteRegistrar) {
        routes.on(.health) { _, _ in
            guard let failure = await health.failure() else {
                return Response(
                    status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: Self.healthy)))
            }
            return try jsonResponse(
                HealthResponse(status: .unavailable, database: failure), status: .serviceUnavailable)
        }
        routes.on(.ready) { _, _ in
            do {
                let version = try await database.schemaVersion()
                let ready = version == expectedSchemaVersion && !drain.isDraining
                return try jsonResponse(
                    ReadinessResponse(
                        status: ready ? .ok : .unavailable, database: "ok", schemaVersion: version,
                        expectedSchemaVersion: expectedSchemaVersion),
                    status: ready ? .ok : .serviceUnavailable)
            } catch {
                return try jsonResponse(
                    ReadinessResponse(
                        status: .unavailable, database: ErrorText.of(error), schemaVersion: nil,
                        expectedSchemaVersion: expectedSchemaVersion),
                    status: .serviceUnavailable)
            }
        }
        // The document is the same for the process's life: made once, not on each request.
        let document = ByteBuffer(bytes: OpenAPIDocument.json())
        routes.on(.openAPI) { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: document))
        }
    }
}
