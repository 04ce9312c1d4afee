import Foundation
import SoTubeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sign-in through the store's OpenID provider from a native app (see <doc:SigningInWithAProvider>):
/// open ``startURL`` in `ASWebAuthenticationSession` with ``callbackScheme``, then hand the URL it ends
/// on to ``SoTubeClient/finishProviderSignIn(_:callback:)``.
public struct ProviderSignIn: Sendable {
    /// The app's PKCE verifier: only this app, holding it, can turn the code its redirect gets into a token.
    public let verifier: String
    /// The store's `/api/v1/auth/oidc/start` with the app's redirect and challenge.
    public let startURL: URL
    /// The redirect's scheme, for `ASWebAuthenticationSession(url:callbackURLScheme:…)`.
    public let callbackScheme: String
}

extension SoTubeClient {
    /// How the server signs people in: password sign-in on or off, its OpenID provider's name.
    public func signInMethods() async throws -> SignInMethods { try await call(.signInMethods) }

    /// A new provider sign-in for `redirect` (the app's URL scheme; the server allows `sotube://` unless
    /// its operator set `SOTUBE_OIDC_APP_REDIRECTS`).
    public func beginProviderSignIn(redirect: String = "sotube://auth") -> ProviderSignIn {
        var generator = SystemRandomNumberGenerator()
        let verifier = Self.base64URL((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let challenge = Self.base64URL(SHA256Digest.hash(Array(verifier.utf8)))
        let path = Route.oidcStart.path(query: ["redirect": redirect, "appChallenge": challenge])
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        return ProviderSignIn(
            verifier: verifier, startURL: URL(string: base + path) ?? baseURL,
            callbackScheme: String(redirect.prefix { $0 != ":" }))
    }

    /// Trades the code in `callback` (the URL the redirect ended on) for a session token, saved in the
    /// token store. A refusal the provider or the store gave arrives as `?error=` and is thrown as
    /// ``SoTubeError/unauthorized(message:)``.
    @discardableResult
    public func finishProviderSignIn(_ signIn: ProviderSignIn, callback: URL) async throws -> AuthResponse {
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let code = items.first(where: { $0.name == "code" })?.value else {
            throw SoTubeError.unauthorized(
                message: items.first(where: { $0.name == "error" })?.value ?? "The sign-in ended without a code.")
        }
        let answer: AuthResponse = try await call(
            .oidcExchange, body: OIDCExchangeRequest(code: code, verifier: signIn.verifier))
        try await tokens.save(answer.token)
        return answer
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
