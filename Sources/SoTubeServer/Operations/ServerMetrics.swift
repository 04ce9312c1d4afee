import NIOConcurrencyHelpers
import Prometheus
import SoTubeCore

/// The server's Prometheus metrics (`GET /metrics`, text format): requests and their latency per
/// route pattern (`/api/v1/tracks/{id}`, never a raw path, so the series stay few), answers with an
/// error status, purchases and captured top-ups. One registry per server (not the process-wide
/// swift-metrics bootstrap), so tests and several servers in one process stay apart.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    /// Latency buckets: a range request takes well under a millisecond, a sign-up (bcrypt) ~100 ms.
    static let buckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]

    private struct Key: Hashable {
        var route: String
        var method: String
        var status: Int
    }
    private struct Series: Sendable {
        var requests: Counter
        var duration: DurationHistogram
        var errors: Counter?
    }
    private let series = NIOLockedValueBox([Key: Series]())
    private let purchaseCounter: Counter
    private let topUpCounter: Counter

    /// `sotube_<metric>_<unit>`, with its `# HELP` line.
    static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "sotube", metricName: metric, unitName: unit, helpText: help)
    }

    public init() {
        purchaseCounter = registry.makeCounter(
            descriptor: Self.name(
                "purchases", "total", "Purchases of songs and albums (a replayed request counts once)."),
            labels: [])
        topUpCounter = registry.makeCounter(
            descriptor: Self.name("top_ups", "total", "Top-ups captured (coins bought)."), labels: [])
    }

    /// One answered request: `route` is the matched pattern ("unmatched" for static files and 404s).
    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = Key(route: route, method: method, status: status)
        let found = series.withLockedValue { series -> Series in
            if let found = series[key] { return found }
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let made = Series(
                requests: registry.makeCounter(
                    descriptor: Self.name("http_requests", "total", "HTTP requests answered, by route pattern."),
                    labels: labels),
                duration: registry.makeDurationHistogram(
                    descriptor: Self.name("http_request_duration", "seconds", "Time to answer, by route pattern."),
                    labels: labels, buckets: Self.buckets),
                errors: status >= 400
                    ? registry.makeCounter(
                        descriptor: Self.name("http_errors", "total", "Answers with a status of 400 or more."),
                        labels: labels) : nil)
            series[key] = made
            return made
        }
        found.requests.increment()
        found.duration.record(duration)
        found.errors?.increment()
    }

    /// A purchase that charged coins (not a replay of an earlier one).
    public func purchased() { purchaseCounter.increment() }
    /// A top-up whose coins were credited.
    public func toppedUp() { topUpCounter.increment() }

    /// The media job queue's counts per state (`sotube_media_jobs{state="queued"}`), set at each scrape.
    public func mediaJobs(_ counts: MediaJobCounts) {
        let values: [(MediaJobState, Int)] = [
            (.queued, counts.queued), (.running, counts.running), (.done, counts.done), (.failed, counts.failed),
        ]
        for (state, value) in values {
            registry.makeGauge(
                descriptor: Self.name(
                    "media", "jobs",
                    "Media jobs (album pictures, previews, renditions, loudness) in the queue, by state."),
                labels: [("state", state.rawValue)]
            ).set(Double(value))
        }
    }

    /// Every metric in the Prometheus text format.
    public func text() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
