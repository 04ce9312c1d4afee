import Hummingbird
import SoTubeAPI

/// `/healthz` and `/openapi.json`.
struct HealthController {
    let database: any HealthCheck

    func register(on router: some RouterMethods<AppRequestContext>) {
        router.get("/healthz") { _, _ in
            do {
                try await database.ping()
                return try jsonResponse(HealthResponse(status: .ok, database: "ok"))
            } catch {
                return try jsonResponse(
                    HealthResponse(status: .unavailable, database: "\(error)"), status: .serviceUnavailable)
            }
        }
        router.get("/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.json())))
        }
    }
}
