import Hummingbird
import SoTubeAPI

/// `/healthz` and `/openapi.json`.
struct HealthController {
    let health: HealthState

    func register(on router: some RouterMethods<AppRequestContext>) {
        router.get("/healthz") { _, _ in
            guard let failure = await health.failure() else {
                return try jsonResponse(HealthResponse(status: .ok, database: "ok"))
            }
            return try jsonResponse(
                HealthResponse(status: .unavailable, database: failure), status: .serviceUnavailable)
        }
        router.get("/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.json())))
        }
    }
}
