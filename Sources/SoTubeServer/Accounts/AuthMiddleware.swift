import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// Names of the cookies the web app uses (from `SoTubeCookie`, shared with clients).
public enum SessionCookies {
    public static let session = SoTubeCookie.session
    /// Readable by scripts; echoed in `X-CSRF-Token` on unsafe cookie-authenticated requests.
    public static let csrf = SoTubeCookie.csrf
    public static let csrfHeader = HTTPField.Name(SoTubeHeader.csrfToken)!
}

/// Finds who is calling from `Authorization: Bearer` or the session cookie, and guards
/// cookie-authenticated unsafe requests with a CSRF token bound to the session (`CSRFTokens`).
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let auth: AuthService
    let csrf: CSRFTokens
    /// A trusted proxy's sign-in header, when the store believes one.
    var headerSignIn: HeaderSignIn? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        let remembered = Self.remembersSessions(request.method, endpoint: context.endpointPath)
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            let token = Self.trimmed(header.utf8.dropFirst("bearer ".count))
            if let (user, session) = try await auth.identify(token: token, remembered: remembered) {
                context.identity = Identity(
                    user: user, sessionTokenHash: session.tokenHash, viaCookie: false,
                    passwordProvedAt: session.passwordProvedAt)
            }
        } else if let token = request.cookies[SessionCookies.session]?.value, !token.isEmpty,
            let (user, session) = try await auth.identify(token: token, remembered: remembered)
        {
            let safe: Set<HTTPRequest.Method> = [.get, .head, .options]
            if !safe.contains(request.method),
                !csrf.isValid(request.headers[SessionCookies.csrfHeader], forSession: session.tokenHash)
            {
                throw Problem(.forbidden, "Missing or wrong X-CSRF-Token header for a cookie session.")
            }
            context.identity = Identity(
                user: user, sessionTokenHash: session.tokenHash, viaCookie: true,
                passwordProvedAt: session.passwordProvedAt)
        }
        if let headerSignIn, let response = try await headerSignIn.handle(request, context: context, next: next) {
            return response
        }
        return try await next(request, context)
    }

    /// The token after "Bearer ", without the spaces and tabs around it (Foundation's
    /// `trimmingCharacters` was 2.7 % of an audio range request's CPU).
    static func trimmed(_ token: Substring.UTF8View) -> String { String(Substring(token).trimmingSpaces()) }

    /// The routes whose table entry says they remember sessions (audio reads: a player's seeks), as
    /// `"GET /api/v1/tracks/{id}/audio"`, the router's name for the matched route after the method.
    static let rememberingRoutes = Set(Route.all.filter(\.remembersSessions).map(\.description))

    /// Whether the matched route (`endpoint`, the router's pattern) may use a remembered session.
    static func remembersSessions(_ method: HTTPRequest.Method, endpoint: String?) -> Bool {
        guard let endpoint else { return false }
        return rememberingRoutes.contains("\(method.rawValue) \(endpoint)")
    }
}
