import Hummingbird
import SoTubeCore

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
