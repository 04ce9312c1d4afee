import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/auth/methods` and `/api/v1/auth/oidc/*`: signing in through the store's OpenID provider.
struct SignInController {
    let signIn: SignInService
    /// Session cookies, the CSRF token, and the throttled password check a link needs.
    let auth: AuthController

    func register(on routes: RouteRegistrar) {
        let sessionless = routes.on(routes.router.group().add(middleware: auth.crossSiteGuard))
        routes.on(.signInMethods) { _, _ in try jsonResponse(signIn.methods()) }
        routes.on(.oidcStart) { request, _ in
            let query = request.uri.queryParameters
            do {
                let url = try await signIn.start(
                    returnTo: query.get("returnTo"), remember: query.get("remember") == "1",
                    appRedirect: query.get("redirect"), appChallenge: query.get("appChallenge"))
                return Self.redirect(url.absoluteString)
            } catch let unavailable as OIDCProvider.Unavailable {
                throw Problem(.badGateway, "The sign-in provider cannot be asked right now: \(unavailable.description)")
            }
        }
        routes.on(.oidcCallback) { request, context in
            _ = try signIn.requireProvider()
            let query = request.uri.queryParameters
            let outcome = await signIn.callback(
                code: query.get("code"), state: query.get("state"), error: query.get("error"),
                errorDescription: query.get("error_description"), client: context.clientAddress)
            switch outcome {
            case .signedIn(let login, let returnTo):
                await signIn.auth.rememberLanguage(
                    userID: login.user.id, acceptLanguage: request.headers[.acceptLanguage])
                var response = Self.redirect(returnTo)
                auth.setSessionCookies(&response, login: login, context: context)
                return response
            case .link(let ticket):
                return Self.redirect("/#/oidc-link/\(ticket)")
            case .app(let url):
                return Self.redirect(url.absoluteString)
            case .refused(let reason, let appRedirect):
                if let appRedirect {
                    return Self.redirect(SignInService.appending(["error": reason], to: appRedirect).absoluteString)
                }
                return Self.refused(reason)
            }
        }
        routes.on(.signInLink) { _, context in
            do {
                let login = try await signIn.useSignInLink(
                    try context.parameters.require("token"), client: context.clientAddress)
                var response = Self.redirect(login.user.role == .operator ? "/#/console" : "/#/store")
                auth.setSessionCookies(&response, login: login, context: context)
                return response
            } catch let error as DomainError {
                return Self.refused(error.message)
            }
        }
        routes.on(.oidcLinkTicket) { _, context in
            try jsonResponse(try await signIn.linkOffer(ticket: try context.parameters.require("ticket")))
        }
        sessionless.on(.oidcLink) { request, context in
            let body = try await request.decodeJSON(OIDCLinkRequest.self, context: context)
            let (login, _) = try await signIn.link(
                ticket: try context.parameters.require("ticket"), password: body.password, totp: body.totp,
                client: context.clientAddress)
            var response = try jsonResponse(AuthResponse(user: UserDTO(login.user), token: login.token))
            auth.setSessionCookies(&response, login: login, context: context)
            return response
        }
        routes.on(.oidcExchange) { request, context in
            let body = try await request.decodeJSON(OIDCExchangeRequest.self, context: context)
            let login = try await signIn.exchange(
                code: body.code, verifier: body.verifier, client: context.clientAddress)
            return try jsonResponse(AuthResponse(user: UserDTO(login.user), token: login.token))
        }
    }

    /// Back to the log-in screen, which shows `reason`.
    static func refused(_ reason: String) -> Response {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "signInError", value: reason)]
        let query = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return redirect("/#/login?\(query)")
    }

    /// A 302 that no cache keeps (it may carry a fresh session's cookies).
    static func redirect(_ location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
    }
}
