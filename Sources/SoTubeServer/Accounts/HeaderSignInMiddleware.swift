import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import SoTubeCore

/// Trusted-proxy sign-in: a request from one of `trustedProxies` naming a user in `header` is that
/// user's. A browser gets a session (and its CSRF cookie) on its first safe request, so everything
/// after behaves like any session; an unsafe request without that session is refused, so another
/// site's form cannot borrow the proxy's sign-in. The header from anyone else is ignored (logged once).
struct HeaderSignIn: Sendable {
    let header: HTTPField.Name
    let emailHeader: HTTPField.Name?
    let trustedProxies: Set<String>
    let service: SignInService
    let csrf: CSRFTokens
    let logger: Logger
    private let warned = NIOLockedValueBox(false)

    init?(
        settings: SignInSettings, trustedProxies: Set<String>, service: SignInService, csrf: CSRFTokens, logger: Logger
    ) {
        guard let name = settings.authHeader, let header = HTTPField.Name(name) else { return nil }
        self.header = header
        self.emailHeader = HTTPField.Name(settings.authEmailHeader)
        self.trustedProxies = trustedProxies
        self.service = service
        self.csrf = csrf
        self.logger = logger
    }

    /// The response, with the proxy's user signed in when the request needs it.
    func handle(
        _ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response? {
        guard let name = request.headers[header] else { return nil }
        guard trustedProxies.contains(context.peerAddress) else {
            let first = warned.withLockedValue { warned in
                defer { warned = true }
                return !warned
            }
            if first {
                logger.warning(
                    "ignored a sign-in header from an address that is not a trusted proxy (said once)",
                    metadata: ["header": "\(header)", "peer": "\(context.peerAddress)"])
            }
            return nil
        }
        if let identity = context.identity,
            !identity.viaCookie || AccountRules.canonical(identity.user.username) == AccountRules.canonical(name)
        {
            return nil
        }
        guard [.get, .head].contains(request.method) else {
            throw Problem(.forbidden, "Missing or wrong X-CSRF-Token header for a cookie session.")
        }
        let login = try await service.headerSignIn(
            username: name, email: emailHeader.flatMap { request.headers[$0] }, client: context.clientAddress)
        var context = context
        context.identity = Identity(
            user: login.user, sessionTokenHash: login.session.tokenHash, viaCookie: true,
            passwordProvedAt: login.session.passwordProvedAt)
        var response = try await next(request, context)
        SessionCookies.set(on: &response, login: login, context: context, csrf: csrf)
        return response
    }
}

/// The web app's shell (`/`, `/index.html`) is served before the API's layers: behind a trusted
/// proxy its first load is where the browser gets its session, so the app starts signed in.
struct HeaderSignInShellMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let auth: AuthMiddleware

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard request.method == .get, request.uri.path == "/" || request.uri.path == "/index.html" else {
            return try await next(request, context)
        }
        return try await auth.handle(request, context: context, next: next)
    }
}
