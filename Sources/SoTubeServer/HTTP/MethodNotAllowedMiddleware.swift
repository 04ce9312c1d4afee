import HTTPTypes
import Hummingbird
import SoTubeAPI

/// A request whose path is a documented route but whose method is not one of that route's gets
/// 405 with `Allow` (RFC 9110 §15.5.6), not the router's 404: the client learns what it may send.
/// (The router names an unmatched request's endpoint "NotFound".)
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let routes: [Route]

    init(routes: [Route] = Route.all) { self.routes = routes }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError
            where error.status == .notFound && (context.endpointPath ?? "NotFound") == "NotFound"
        {
            guard let allowed = allowedMethods(path: request.uri.path),
                !allowed.contains(request.method.rawValue)
            else { throw error }
            var problem = Problem(.methodNotAllowed, "This address answers \(allowed.joined(separator: ", ")) only.")
            problem.headers[.allow] = allowed.joined(separator: ", ")
            throw problem
        }
    }

    /// The methods of the documented routes `path` matches (`HEAD` wherever `GET` is); nil when none.
    func allowedMethods(path: String) -> [String]? {
        var allowed = Set(routes.filter { $0.matches(path: Substring(path)) }.map(\.method.rawValue))
        guard !allowed.isEmpty else { return nil }
        if allowed.contains("GET") { allowed.insert("HEAD") }
        return allowed.sorted()
    }
}
