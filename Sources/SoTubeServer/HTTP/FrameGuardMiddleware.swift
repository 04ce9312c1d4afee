import HTTPTypes
import Hummingbird

/// No other site may show SoTube's pages in a frame (clickjacking: a hidden Buy button), except the
/// embed pages, which set their own `frame-ancestors *`. Every answer without its own
/// `Content-Security-Policy` gets `frame-ancestors 'self'` (and the older `X-Frame-Options`).
struct FrameGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "frame-ancestors 'self'"
            response.headers[HTTPField.Name("X-Frame-Options")!] = "SAMEORIGIN"
        }
        return response
    }
}
