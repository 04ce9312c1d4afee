import Hummingbird

/// Every answer of the web app and of audio, in one layer: a thrown error becomes a problem document
/// (`ProblemMiddleware.response(for:)`), the browser-side defences are added (`SecurityHeaders`), and
/// an `/api/v1/` answer without its own `Cache-Control` gets `no-store`: those answers depend on who
/// asks (`/me`, the library, histories, the wallet, purchases, favourites) or may, so no shared or
/// browser cache may keep them (audio and artwork set their own). One layer where there were three:
/// see `EdgeMiddleware`.
struct ResponsePolicyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static var noStorePrefix: String { "/api/v1/" }
    var policy = SecurityHeaders.app

    init(allowing origins: [String] = []) {
        if !origins.isEmpty { policy = SecurityHeaders.appPolicy(allowing: origins) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = try ProblemMiddleware<Context>.response(for: error, request: request, context: context)
        }
        SecurityHeaders.add(to: &response.headers, policy: policy)
        if request.uri.path.hasPrefix(Self.noStorePrefix), response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}
