import Hummingbird
import SoTubeCore

/// Counts every request and its latency (until the answer is ready to send; a streamed body is
/// still being written) per route pattern, for `ServerMetrics`. Outermost, so problem answers are
/// counted with their status.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        do {
            let response = try await next(request, context)
            metrics.request(
                route: context.endpointPath ?? "unmatched", method: method, status: response.status.code,
                duration: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.request(
                route: context.endpointPath ?? "unmatched", method: method, status: status,
                duration: ContinuousClock.now - start)
            throw error
        }
    }
}

/// `GET /metrics`: the Prometheus text format.
struct MetricsController {
    let metrics: ServerMetrics
    /// The media job queue, counted at each scrape (nil: no job gauges).
    var jobs: (any MediaJobQueue)? = nil

    func register(on routes: RouteRegistrar) {
        routes.on(.metrics) { _, _ in
            if let jobs, let counts = try? await jobs.counts(trackIDs: nil) { metrics.mediaJobs(counts) }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: metrics.text())))
        }
    }
}
