import Foundation
import JWTKit
import SoTubeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The store's OpenID provider over HTTP: its discovery document (read once), the authorization URL,
/// the token endpoint, userinfo, and ID tokens' signatures checked against its JWKS — cached, and
/// fetched again when a token names a key the cache does not hold (the provider rotated its keys).
actor OIDCProvider {
    struct Discovery: Sendable, Decodable {
        var issuer: String
        var authorization_endpoint: String
        var token_endpoint: String
        var jwks_uri: String
        var userinfo_endpoint: String?
        var token_endpoint_auth_methods_supported: [String]?
    }

    /// The token endpoint's answer as far as the store reads it.
    struct Tokens: Sendable {
        var idToken: String
        var accessToken: String?
    }

    /// The provider could not be asked (down, unreadable answers): 502, or a refusal at the callback.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    let settings: OIDCSettings
    let session: URLSession
    private var discovery: Discovery?
    private var keys = JWTKeyCollection()
    private var knownKeyIDs: Set<String> = []

    init(settings: OIDCSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        self.session = URLSession(configuration: configuration)
    }

    /// The discovery document, read on first use and kept (its issuer must be the configured one).
    func discovered() async throws -> Discovery {
        if let discovery { return discovery }
        let base = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        guard let url = URL(string: base + "/.well-known/openid-configuration") else {
            throw Unavailable(description: "The provider's address is not a URL.")
        }
        let data = try await fetch(URLRequest(url: url))
        guard let document = try? JSONDecoder().decode(Discovery.self, from: data) else {
            throw Unavailable(description: "The provider's discovery document is not one.")
        }
        guard OIDCRules.sameIssuer(document.issuer, settings.issuer) else {
            throw Unavailable(description: "The provider calls itself \(document.issuer), not \(settings.issuer).")
        }
        discovery = document
        return document
    }

    func authorizationURL(state: String, nonce: String, challenge: String, redirectURI: String) async throws -> URL {
        let document = try await discovered()
        guard var components = URLComponents(string: document.authorization_endpoint) else {
            throw Unavailable(description: "The provider's authorization endpoint is not a URL.")
        }
        // Every value form-encoded (RFC 6749 appendix B), the redirect URI's ':' and '/' too.
        let items = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI),
            ("scope", settings.scopes), ("state", state), ("nonce", nonce), ("code_challenge", challenge),
            ("code_challenge_method", "S256"),
        ]
        let query = FormEncoding.encode(items)
        components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }.joined(
            separator: "&")
        guard let url = components.url else { throw Unavailable(description: "The authorization URL is not one.") }
        return url
    }

    /// Trades the authorization code (and PKCE verifier) for tokens.
    func exchange(code: String, verifier: String, redirectURI: String) async throws -> Tokens {
        let document = try await discovered()
        guard let url = URL(string: document.token_endpoint) else {
            throw Unavailable(description: "The provider's token endpoint is not a URL.")
        }
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", verifier),
        ]
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let methods = document.token_endpoint_auth_methods_supported ?? ["client_secret_basic"]
        if !methods.contains("client_secret_basic") && methods.contains("client_secret_post") {
            form += [("client_id", settings.clientID), ("client_secret", settings.clientSecret)]
        } else {
            let pair = FormEncoding.encode(settings.clientID) + ":" + FormEncoding.encode(settings.clientSecret)
            request.setValue("Basic " + Data(pair.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        }
        request.httpBody = Data(FormEncoding.encode(form).utf8)
        let (data, status) = try await send(request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard status == 200, let object, let idToken = object["id_token"] as? String else {
            let reason = (object?["error_description"] as? String) ?? (object?["error"] as? String) ?? "HTTP \(status)"
            throw DomainError.unauthorized(
                reason: "The sign-in was refused: the provider did not give an ID token (\(reason.prefix(200))).")
        }
        return Tokens(idToken: idToken, accessToken: object["access_token"] as? String)
    }

    /// The ID token's claims once its signature is the provider's (the claims themselves are checked by
    /// `OIDCRules.validate`).
    func verifiedClaims(_ idToken: String) async throws -> ClaimSet {
        let header = Self.header(of: idToken)
        guard let header, let algorithm = header["alg"] as? String, algorithm != "none",
            !algorithm.hasPrefix("HS")
        else {
            throw DomainError.unauthorized(
                reason: "The sign-in was refused: the ID token is not signed by the provider.")
        }
        let kid = header["kid"] as? String
        if keysNeedFetching(for: kid) { try await fetchKeys() }
        if let kid, !knownKeyIDs.contains(kid) {
            throw DomainError.unauthorized(
                reason: "The sign-in was refused: the ID token is signed with a key the provider does not publish.")
        }
        do {
            // A token naming no key is tried against every key the provider publishes, read again once.
            return try await keys.verify(idToken, as: IDTokenPayload.self, iteratingKeys: kid == nil).claims
        } catch  where kid == nil {
            try await fetchKeys()
            if let claims = try? await keys.verify(idToken, as: IDTokenPayload.self, iteratingKeys: true).claims {
                return claims
            }
        } catch {}
        throw DomainError.unauthorized(
            reason: "The sign-in was refused: the ID token's signature is not the provider's.")
    }

    /// More claims from the userinfo endpoint (some providers put only a few in the ID token); nil
    /// when there is no endpoint or it does not answer.
    func userinfo(accessToken: String?) async -> ClaimSet? {
        guard let accessToken, let endpoint = try? await discovered().userinfo_endpoint,
            let url = URL(string: endpoint)
        else { return nil }
        var request = URLRequest(url: url)
        request.setValue("Bearer " + accessToken, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, status) = try? await send(request), status == 200 else { return nil }
        return try? JSONDecoder().decode(ClaimSet.self, from: data)
    }

    private func keysNeedFetching(for kid: String?) -> Bool {
        guard let kid else { return knownKeyIDs.isEmpty }
        return !knownKeyIDs.contains(kid)
    }

    /// Reads the JWKS again into a new collection: keys the provider stopped publishing go.
    private func fetchKeys() async throws {
        let document = try await discovered()
        guard let url = URL(string: document.jwks_uri) else {
            throw Unavailable(description: "The provider's JWKS address is not a URL.")
        }
        let data = try await fetch(URLRequest(url: url))
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let entries = object["keys"] as? [Any]
        else { throw Unavailable(description: "The provider's key set is not a JWKS.") }
        let collection = JWTKeyCollection()
        var ids: Set<String> = []
        for entry in entries {
            guard let json = try? JSONSerialization.data(withJSONObject: entry),
                let jwk = try? JSONDecoder().decode(JWK.self, from: json), let kid = jwk.keyIdentifier,
                (try? await collection.add(jwk: jwk)) != nil
            else { continue }
            ids.insert(kid.string)
        }
        keys = collection
        knownKeyIDs = ids
    }

    private func fetch(_ request: URLRequest) async throws -> Data {
        let (data, status) = try await send(request)
        guard status == 200 else {
            throw Unavailable(description: "The provider answered HTTP \(status) at \(request.url?.path ?? "?").")
        }
        return data
    }

    private func send(_ request: URLRequest) async throws -> (Data, Int) {
        do {
            let (data, response) = try await session.data(for: request)
            return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch {
            throw Unavailable(description: "The provider cannot be reached (\(request.url?.host ?? "?")).")
        }
    }

    static func header(of token: String) -> [String: Any]? {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first,
            let data = Data(base64URLEncoded: String(first))
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// An ID token's payload for JWTKit: every claim, read by `OIDCRules`. Signing one is never needed.
struct IDTokenPayload: JWTPayload {
    var claims: ClaimSet

    init(from decoder: any Decoder) throws { claims = try ClaimSet(from: decoder) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    /// The claims are checked by `OIDCRules.validate`, against the log-in's nonce and the clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
