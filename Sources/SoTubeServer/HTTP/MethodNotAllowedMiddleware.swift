import HTTPTypes
import Hummingbird
import SoTubeAPI

/// A request whose path is a documented route but whose method is not one of that route's gets
/// 405 with `Allow` (RFC 9110 §15.5.6), not the router's 404: the client learns what it may send.
/// (The router names an unmatched request's endpoint "NotFound".)
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Each documented path template, split into segments (`{…}` matches any one segment).
    let templates: [(segments: [Substring], methods: [String])]

    init(routes: [Route] = Route.all) {
        var methods: [String: [String]] = [:]
        for route in routes { methods[route.path, default: []].append(route.method.rawValue) }
        templates = methods.map { path, names in
            var allowed = Set(names)
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return (path.split(separator: "/"), allowed.sorted())
        }
    }

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

    /// The methods of the documented route `path` belongs to; nil when it is none of them.
    func allowedMethods(path: String) -> [String]? {
        let segments = path.split(separator: "/")
        return templates.first { template in
            template.segments.count == segments.count
                && zip(template.segments, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }?.methods
    }
}
