import Hummingbird

/// Refuses requests another site's page makes a browser send: `Sec-Fetch-Site: cross-site`, or an
/// `Origin` that is not this server (the configured public URL or the request's own host). Guards
/// the routes that work without a session (log in, register, password reset): a cross-site form
/// must not log a victim into the attacker's account. API clients that send neither header pass.
struct CrossSiteGuard: RouterMiddleware {
    typealias Context = AppRequestContext
    /// The configured public URL, e.g. "https://music.example".
    let publicBaseURL: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if request.headers[.init("Sec-Fetch-Site")!]?.lowercased() == "cross-site" {
            throw Problem(.forbidden, "This request came from another site.")
        }
        if let origin = request.headers[.origin], !isOwn(origin: origin, request: request) {
            throw Problem(.forbidden, "This request came from another site (\(origin.prefix(100))).")
        }
        return try await next(request, context)
    }

    /// An origin is ours when its host and port are the public URL's or the request's `Host`.
    func isOwn(origin: String, request: Request) -> Bool {
        guard let authority = Self.authority(of: origin) else { return false }
        if let publicBaseURL, Self.authority(of: publicBaseURL) == authority { return true }
        return request.head.authority?.lowercased() == authority
    }

    /// "host[:port]" of a URL ("https://Music.Example:8443/x" → "music.example:8443").
    static func authority(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        let rest = url[range.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.isEmpty ? nil : authority.lowercased()
    }
}
