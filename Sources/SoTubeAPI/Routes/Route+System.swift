// The service itself: health, readiness, this document, metrics.
extension Route {
    public static let health = Route(
        .get, "/healthz", "Liveness and database check", tag: "system",
        responses: [200: ("Healthy", "Health"), 503: ("Database unavailable", "Health")])
    public static let ready = Route(
        .get, "/readyz", "Readiness: the database answers and its schema is this build's", tag: "system",
        responses: [200: ("Ready", "Readiness"), 503: ("Not ready", "Readiness")])
    public static let openAPI = Route(
        .get, "/openapi.json", "This document", tag: "system", responses: [200: ("OpenAPI 3.1 document", nil)])
    public static let metrics = Route(
        .get, "/metrics",
        "Prometheus metrics (text format): requests and latency per route, errors, purchases, top-ups",
        tag: "system", responses: [200: ("Prometheus text exposition format", nil)])

    /// Every route of this group, in the order the document lists them.
    static let system: [Route] = [health, ready, openAPI, metrics]
}
