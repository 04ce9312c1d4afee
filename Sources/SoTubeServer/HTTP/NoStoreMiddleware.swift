import Hummingbird

/// Answers under `/api/v1/` depend on who asks (`/me`, the library, histories, the wallet,
/// purchases, favourites) or may: none may be kept by a shared or browser cache. Every such answer
/// without its own `Cache-Control` (audio and artwork set theirs) gets `no-store`.
struct NoStoreMiddleware<Context: RequestContext>: RouterMiddleware {
    static var prefix: String { "/api/v1/" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        if request.uri.path.hasPrefix(Self.prefix), response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}
