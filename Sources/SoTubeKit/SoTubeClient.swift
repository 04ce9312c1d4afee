import Foundation
import SoTubeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An async/await client of one SoTube server: every `/api/v1` route as a method, errors typed as
/// ``SoTubeError``, the session token kept in a ``TokenStore``.
///
/// ```swift
/// let client = SoTubeClient(baseURL: URL(string: "https://music.example")!, tokens: InMemoryTokenStore())
/// try await client.login(username: "ann", password: "correct-horse")
/// let hits = try await client.search("hunter")
/// ```
///
/// The client is a value that is safe to share between tasks: its state is the token store's.
/// Requests carry `Authorization: Bearer <token>` when a token is saved; cookies are never stored
/// or sent.
public struct SoTubeClient: Sendable {
    /// The server's origin (and path prefix, when it is served under one), e.g. `https://music.example`.
    public let baseURL: URL
    /// Where the session token is kept.
    public let tokens: any TokenStore
    /// How many times a purchase is sent at most when its answer is lost (same `Idempotency-Key`).
    public let purchaseAttempts: Int
    /// How long to wait before sending a purchase again (doubled after each further loss).
    public let purchaseRetryDelay: Duration
    let session: URLSession

    /// A client of the server at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: the server's address, e.g. `https://music.example`.
    ///   - tokens: where the session token is kept (the Keychain in an app; in memory by default).
    ///   - purchaseAttempts: how many times a purchase is sent at most when its answer is lost.
    ///   - purchaseRetryDelay: the wait before the first resend of a purchase.
    ///   - session: the `URLSession` to use; by default an ephemeral one that keeps no cookies or cache.
    public init(
        baseURL: URL, tokens: any TokenStore = InMemoryTokenStore(), purchaseAttempts: Int = 3,
        purchaseRetryDelay: Duration = .milliseconds(300), session: URLSession? = nil
    ) {
        self.baseURL = baseURL
        self.tokens = tokens
        self.purchaseAttempts = max(1, purchaseAttempts)
        self.purchaseRetryDelay = purchaseRetryDelay
        self.session = session ?? Self.makeSession()
    }

    /// An ephemeral session: no cookies (the bearer token is the only credential), no cache.
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    // MARK: Addresses and credentials

    /// The absolute URL of a server path such as `Route.trackAudio.path("t1")` or the
    /// `artworkUrl` of a wire type.
    public func url(for path: String) -> URL {
        if let absolute = URL(string: path), absolute.scheme != nil { return absolute }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// The headers that authorise a request as the logged-in user (`Authorization: Bearer …`), or
    /// none when logged out: hand them to a player that fetches the audio itself
    /// (`AVURLAssetHTTPHeaderFieldsKey`).
    public func authorizationHeaders() async throws -> [String: String] {
        guard let token = try await tokens.load() else { return [:] }
        return ["Authorization": "Bearer \(token)"]
    }

    /// Whether a session token is saved (it may still have expired on the server).
    public func hasSavedSession() async throws -> Bool { try await tokens.load() != nil }

    // MARK: Sending

    /// A request for `path` with the saved token, JSON `body` and extra `headers`.
    func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:])
        async throws -> URLRequest
    {
        var request = URLRequest(url: url(for: path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in try await authorizationHeaders() { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Sends `request`; a 2xx answer's body and head, else the ``SoTubeError`` it stands for.
    func send(_ request: URLRequest, isPurchase: Bool = false) async throws -> (Data, HTTPURLResponse) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.transportError(error)
        }
        let http = try Self.checked(response, body: data, isPurchase: isPurchase)
        return (data, http)
    }

    /// The answer as an HTTP response, or the error a non-2xx status stands for.
    static func checked(_ response: URLResponse, body: @autoclosure () -> Data, isPurchase: Bool = false) throws
        -> HTTPURLResponse
    {
        guard let http = response as? HTTPURLResponse else {
            throw SoTubeError.unexpected(status: 0, message: "The answer is not HTTP.")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw SoTubeError.from(
                status: http.statusCode, body: body(), retryAfterHeader: http.value(forHTTPHeaderField: "Retry-After"),
                isPurchase: isPurchase)
        }
        return http
    }

    /// A failure to get any answer, as ``SoTubeError/offline(reason:)`` (cancellation stays itself).
    static func transportError(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
        return SoTubeError.offline(reason: error.localizedDescription)
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try SoTubeJSON.decoder.decode(T.self, from: data)
        } catch {
            throw SoTubeError.unexpected(status: 200, message: "The answer could not be read as \(T.self): \(error)")
        }
    }

    /// `route` (its method; `values` in its path segments, then `query`) with `body` as JSON when
    /// given, the answer decoded as `T`.
    func call<T: Decodable>(
        _ route: Route, _ values: String..., query: KeyValuePairs<String, String?> = [:],
        body: (any Encodable)? = nil, as type: T.Type = T.self
    ) async throws -> T {
        let data = try body.map { try SoTubeJSON.encoder.encode($0) }
        let path = route.path(values: values, query: query)
        let (answer, _) = try await send(try await request(route.method.rawValue, path, body: data))
        return try decode(T.self, from: answer)
    }

    /// `route` (with `values` in its path segments and `body` as JSON when given), expecting no content back.
    func perform(_ route: Route, _ values: String..., body: (any Encodable)? = nil) async throws {
        let data = try body.map { try SoTubeJSON.encoder.encode($0) }
        _ = try await send(try await request(route.method.rawValue, route.path(values: values), body: data))
    }
}
