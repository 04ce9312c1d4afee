import Hummingbird
import Logging

/// What every request passes first, in one layer: the client named by a trusted proxy
/// (`ForwardedHeaders`), the request counted with its route and latency (`ServerMetrics`; a thrown
/// error with its status), and one structured log line (method, path, status, duration). The latency
/// and the duration end when the answer is ready to send: a streamed body (a file, a ZIP) is written
/// after this layer returns.
/// One layer rather than three: each layer of Hummingbird's middleware chain is an async call with its
/// closures, executor checks and a copy of the request and context (issue 35: a 64 KB range passed
/// seven layers and cost 1.8 times a bare Hummingbird route's CPU).
struct EdgeMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: ServerMetrics
    let forwarded: ForwardedHeaders

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let start = ContinuousClock.now
        var context = context
        forwarded.apply(request, to: &context)
        let method = request.method.rawValue
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.request(
                route: context.endpointPath ?? "unmatched", method: method, status: status,
                duration: ContinuousClock.now - start)
            throw error
        }
        let elapsed = ContinuousClock.now - start
        metrics.request(
            route: context.endpointPath ?? "unmatched", method: method, status: response.status.code,
            duration: elapsed)
        Self.logAnswer(
            context.logger, method: method, path: request.uri.path, status: response.status.code, elapsed: elapsed)
        return response
    }

    /// The request's log line: written directly by the server's JSON handler (see
    /// `JSONLogHandler.requestLine`), through `Logger` for any other handler.
    static func logAnswer(_ logger: Logger, method: String, path: String, status: Int, elapsed: Duration) {
        guard logger.logLevel <= .info else { return }
        let milliseconds = Self.milliseconds(elapsed)
        if let json = logger.handler as? JSONLogHandler,
            let line = json.requestLine(method: method, path: path, status: status, milliseconds: milliseconds)
        {
            LogOutput.write(line, gathered: true)
            return
        }
        logger.info(
            "request",
            metadata: [
                "method": .string(method), "path": .string(path), "status": .string(String(status)),
                "ms": .string(milliseconds),
            ])
    }

    /// "12.3": milliseconds with one decimal, without Foundation's `String(format:)`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
