import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/auth/*`: register, log in, log out, password reset.
struct AuthController {
    let auth: AuthService
    /// The session-bound CSRF tokens the web app echoes on unsafe requests.
    let csrf: CSRFTokens
    /// Refuses log-ins, sign-ups and resets that another site's page sends.
    let crossSiteGuard: CrossSiteGuard
    /// Why password sign-in, sign-up and reset are refused (`SOTUBE_LOCAL_LOGIN=off`); nil: they work.
    var passwordsOff: String? = nil

    func register(on routes: RouteRegistrar) {
        let sessionless = routes.on(routes.router.group().add(middleware: crossSiteGuard))
        sessionless.on(.register) { request, context in
            try refuseWhenPasswordsOff()
            let body = try await request.decodeJSON(RegisterRequest.self, context: context)
            let login = try await auth.register(
                username: body.username, email: body.email, password: body.password, client: context.clientAddress)
            await auth.rememberLanguage(userID: login.user.id, acceptLanguage: request.headers[.acceptLanguage])
            var response = try jsonResponse(
                AuthResponse(user: UserDTO(login.user), token: login.token), status: .created)
            setSessionCookies(&response, login: login, context: context)
            return response
        }
        sessionless.on(.login) { request, context in
            try refuseWhenPasswordsOff()
            let body = try await request.decodeJSON(LoginRequest.self, context: context)
            let login = try await auth.login(
                username: body.username, password: body.password, remember: body.remember ?? false,
                client: context.clientAddress, totp: body.totp,
                device: request.cookies[SoTubeCookie.device]?.value)
            await auth.rememberLanguage(userID: login.user.id, acceptLanguage: request.headers[.acceptLanguage])
            var response = try jsonResponse(AuthResponse(user: UserDTO(login.user), token: login.token))
            setSessionCookies(&response, login: login, context: context)
            return response
        }
        routes.on(.logout) { _, context in
            let identity = try context.requireIdentity()
            try await auth.logout(sessionTokenHash: identity.sessionTokenHash)
            var response = Response(status: .noContent)
            for name in [SessionCookies.session, SessionCookies.csrf] {
                response.setCookie(
                    Cookie(
                        name: name, value: "", maxAge: 0, path: "/", secure: context.isSecure, httpOnly: true,
                        sameSite: .lax))
            }
            return response
        }
        sessionless.on(.passwordReset) { request, context in
            try refuseWhenPasswordsOff()
            let body = try await request.decodeJSON(PasswordResetRequest.self, context: context)
            try await auth.requestPasswordReset(email: body.email, client: context.clientAddress)
            return try jsonResponse(
                PasswordResetAcceptedDTO(status: "If an account has this address, a reset link is on its way."),
                status: .accepted)
        }
        sessionless.on(.passwordResetConfirm) { request, context in
            try refuseWhenPasswordsOff()
            let body = try await request.decodeJSON(PasswordResetConfirmRequest.self, context: context)
            try await auth.confirmPasswordReset(token: body.token, newPassword: body.newPassword)
            return Response(status: .noContent)
        }
    }

    func refuseWhenPasswordsOff() throws {
        if let passwordsOff { throw DomainError.forbidden(reason: passwordsOff) }
    }

    func setSessionCookies(_ response: inout Response, login: AuthService.Login, context: AppRequestContext) {
        SessionCookies.set(on: &response, login: login, context: context, csrf: csrf)
    }
}

extension SessionCookies {
    /// The session, its CSRF token and the device cookie. `Secure` when the client came over TLS (a
    /// trusted proxy said so).
    static func set(
        on response: inout Response, login: AuthService.Login, context: AppRequestContext, csrf: CSRFTokens
    ) {
        let maxAge = login.session.remember ? Int(AccountRules.rememberedSessionLifetime) : nil
        response.setCookie(
            Cookie(
                name: SessionCookies.session, value: login.token, maxAge: maxAge, path: "/", secure: context.isSecure,
                httpOnly: true,
                sameSite: .lax))
        response.setCookie(
            Cookie(
                name: SessionCookies.csrf, value: csrf.token(forSession: login.session.tokenHash), maxAge: maxAge,
                path: "/", secure: context.isSecure, httpOnly: false,
                sameSite: .lax))
        // The owner's remembered device: only log-ins need it, so it goes nowhere else.
        response.setCookie(
            Cookie(
                name: SoTubeCookie.device, value: login.deviceCookie, maxAge: KnownDevices.lifetime,
                path: "/api/v1/auth", secure: context.isSecure, httpOnly: true, sameSite: .strict))
    }
}
