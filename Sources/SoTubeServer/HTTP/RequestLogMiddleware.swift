import Hummingbird

/// One structured log line per request: method, path, status, duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "status": .string(String(response.status.code)), "ms": .string(Self.milliseconds(elapsed)),
            ])
        return response
    }

    /// "12.3": milliseconds with one decimal, without Foundation's `String(format:)`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
