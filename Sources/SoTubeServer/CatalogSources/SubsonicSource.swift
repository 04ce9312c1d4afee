import Foundation
import NIOConcurrencyHelpers
import SoTubeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A catalog source read through the Subsonic API (`sotube sources add NAME subsonic+https://…`):
/// `getAlbumList2` paged and `getAlbum` for the library, `download` for each original file (`stream`
/// with `format=raw` where downloads are refused), `getCoverArt` for covers. Signs in with a token
/// (`t`, `s`) and falls back to `p=enc:` where the server takes only passwords (supysonic), or with an
/// OpenSubsonic API key. Requests are retried on timeouts, dropped connections, 429 and 5xx.
public struct SubsonicSource: CatalogSourceAdapter {
    public let base: String
    public let user: String
    let secret: String
    let auth: SubsonicRules.Auth
    let retry: RetryRules
    let session: URLSession
    /// Whether the server takes token sign-in (learnt from the first answer).
    private let tokens = NIOLockedValueBox(true)
    /// Albums whose songs are read at once while listing.
    let listingConcurrency = 4

    public init(
        base: String, user: String, secret: String, auth: SubsonicRules.Auth, retry: RetryRules = RetryRules(),
        timeout: Double = 60
    ) {
        self.base = base
        self.user = user
        self.secret = secret
        self.auth = auth
        self.retry = retry
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration)
    }

    public func checkAccess() async throws {
        if auth == .apiKey {
            // Servers without OpenSubsonic answer this with an error (supysonic: a missing parameter).
            var offered: [SubsonicWire.ExtensionsBody.Extension] = []
            do {
                let body: SubsonicWire.ExtensionsBody = try await call("getOpenSubsonicExtensions", signed: false)
                offered = body.openSubsonicExtensions ?? []
            } catch let error as SourceError where error.kind != .unavailable {}
            guard offered.contains(where: { $0.name == "apiKeyAuthentication" }) else {
                throw SourceError(
                    .refused,
                    "The upstream server does not take API keys (no OpenSubsonic apiKeyAuthentication): use a password")
            }
        }
        let _: SubsonicWire.Status = try await call("ping")
    }

    public func listing(progress: @escaping @Sendable (ListingProgress) -> Void) async throws -> SourceListing {
        var albumIDs: [String] = []
        var seen: Set<String> = []
        let page = 500
        var offset = 0
        while true {
            let body: SubsonicWire.AlbumListBody = try await call(
                "getAlbumList2", ["type": "alphabeticalByName", "size": String(page), "offset": String(offset)])
            let albums = body.albumList2?.album ?? []
            for album in albums where seen.insert(album.id.value).inserted { albumIDs.append(album.id.value) }
            progress(ListingProgress(albumsRead: 0, albumsListed: albumIDs.count, songs: 0))
            if albums.count < page { break }
            offset += page
        }
        let ids = albumIDs
        var songsByAlbum: [Int: [RemoteSong]] = [:]
        var read = 0
        var songCount = 0
        try await withThrowingTaskGroup(of: (Int, [RemoteSong]).self) { group in
            var next = 0
            func launch() {
                let index = next
                next += 1
                group.addTask {
                    let body: SubsonicWire.AlbumBody = try await self.call("getAlbum", ["id": ids[index]])
                    let songs = (body.album.song ?? []).filter { $0.isVideo != true }.map {
                        SubsonicWire.remoteSong($0, album: body.album)
                    }
                    return (index, songs)
                }
            }
            while next < ids.count && next < listingConcurrency { launch() }
            while let (index, songs) = try await group.next() {
                songsByAlbum[index] = songs
                read += 1
                songCount += songs.count
                progress(ListingProgress(albumsRead: read, albumsListed: ids.count, songs: songCount))
                if next < ids.count { launch() }
            }
        }
        let songs = (0..<ids.count).flatMap { songsByAlbum[$0] ?? [] }
        return SourceListing(songs: songs, albumCount: ids.count)
    }

    public func fetchAudio(_ song: RemoteSong, to path: String) async throws -> Int {
        do {
            return try await fetchFile("download", ["id": song.id], to: path, expectedSize: song.size)
        } catch let error as SourceError where error.kind == .refused && error.message.contains("error 50") {
            // Downloads refused for this user: the same bytes, unconverted, through `stream`.
            do {
                return try await fetchFile(
                    "stream", ["id": song.id, "format": "raw"], to: path, expectedSize: song.size)
            } catch is SourceError {
                throw error
            }
        }
    }

    public func fetchCover(id: String, to path: String) async throws -> Bool {
        do {
            return try await fetchFile("getCoverArt", ["id": id], to: path, expectedSize: 0) > 0
        } catch let error as SourceError where error.kind == .unreadable {
            return false
        }
    }

    // MARK: Requests

    /// Calls `method` and decodes its answer, turning a Subsonic error into a `SourceError`.
    func call<Body: Decodable>(_ method: String, _ parameters: [String: String] = [:], signed: Bool = true)
        async throws -> Body
    {
        let (data, _) = try await send(method, parameters, signed: signed)
        if try needsResending(data, method: method, signed: signed) {
            return try await call(method, parameters, signed: signed)
        }
        do {
            return try JSONDecoder().decode(SubsonicWire.Envelope<Body>.self, from: data).response
        } catch {
            throw SourceError(
                .unreadable, "The upstream server's answer to \(method) is not what Subsonic sends: \(error)")
        }
    }

    /// A Subsonic error code and message.
    struct UpstreamCode: Error {
        let code: Int
        let message: String
    }

    /// Reads an answer's status: true when the server turned a token sign-in down because it takes
    /// passwords only (the source switches to them once: send the request again); any other Subsonic
    /// error becomes a `SourceError` worded for the operator.
    func needsResending(_ data: Data, method: String, signed: Bool) throws -> Bool {
        do {
            try Self.checkStatus(data, method: method)
            return false
        } catch let error as UpstreamCode {
            if signed && auth == .password && SubsonicRules.tokensUnsupported(code: error.code)
                && tokens.withLockedValue({ was in
                    defer { was = false }
                    return was
                })
            {
                return true
            }
            throw SubsonicRules.error(code: error.code, message: error.message, method: method)
        }
    }

    static func checkStatus(_ data: Data, method: String) throws {
        guard let status = try? JSONDecoder().decode(SubsonicWire.Envelope<SubsonicWire.Status>.self, from: data)
        else {
            throw SourceError(.unreadable, "The upstream server's answer to \(method) is not a Subsonic answer")
        }
        if status.response.status != "ok" {
            throw UpstreamCode(code: status.response.error?.code ?? 0, message: status.response.error?.message ?? "")
        }
    }

    /// Writes the body of `method` to `path` through a `.part` file; a Subsonic error answer instead of
    /// a file becomes a `SourceError`. Returns the bytes written.
    func fetchFile(_ method: String, _ parameters: [String: String], to path: String, expectedSize: Int)
        async throws -> Int
    {
        let partial = path + ".part"
        let (temporary, response) = try await withRetries(method) {
            try await session.download(for: request(method, parameters, signed: true))
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let type = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("application/json") || type.hasPrefix("text/xml") || type.hasPrefix("application/xml") {
            let data = (try? Data(contentsOf: temporary)) ?? Data()
            if try needsResending(data, method: method, signed: true) {
                return try await fetchFile(method, parameters, to: path, expectedSize: expectedSize)
            }
            throw SourceError(.unreadable, "The upstream server sent no file for \(method)")
        }
        let size =
            (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? NSNumber)?.intValue ?? 0
        if expectedSize > 0 && size != expectedSize {
            throw SourceError(
                .unavailable,
                "The upstream server sent \(size) bytes of \(expectedSize) for \(method) \(parameters["id"] ?? "")")
        }
        try? FileManager.default.removeItem(atPath: partial)
        try FileManager.default.moveItem(at: temporary, to: URL(fileURLWithPath: partial))
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return size
    }

    func send(_ method: String, _ parameters: [String: String], signed: Bool) async throws -> (Data, URLResponse) {
        try await withRetries(method) { try await session.data(for: request(method, parameters, signed: signed)) }
    }

    /// Runs `attempt` until it succeeds, retrying what `RetryRules` allows (a 5xx, 429, a timeout or a
    /// dropped connection) after a growing pause.
    func withRetries<T>(_ method: String, _ attempt: () async throws -> (T, URLResponse)) async throws -> (
        T, URLResponse
    ) {
        var tries = 0
        while true {
            tries += 1
            var failure: SourceError
            do {
                let (value, response) = try await attempt()
                let status = (response as? HTTPURLResponse)?.statusCode ?? 200
                if (200..<300).contains(status) { return (value, response) }
                // A refused or failed download's body is not kept: delete its temporary file.
                let discard = { if let file = value as? URL { try? FileManager.default.removeItem(at: file) } }
                if status == 401 || status == 403 {
                    // Some servers answer a refused sign-in with the HTTP status and a Subsonic body.
                    if let data = value as? Data, (try? Self.checkStatus(data, method: method)) == nil {
                        return (value, response)
                    }
                    discard()
                    throw SourceError(.refused, "The upstream server refused \(method) (HTTP \(status))")
                }
                discard()
                failure = SourceError(
                    RetryRules.isRetryable(status: status) ? .unavailable : .unreadable,
                    "The upstream server answered \(method) with HTTP \(status)"
                        + (status == 404 ? ": is \(base) a Subsonic server?" : ""))
            } catch let error as URLError {
                failure = SourceError(.unavailable, "Cannot reach \(base) (\(method)): \(error.localizedDescription)")
            }
            if failure.kind != .unavailable { throw failure }
            guard let pause = retry.delay(after: tries) else { throw failure }
            try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
        }
    }

    func request(_ method: String, _ parameters: [String: String], signed: Bool) throws -> URLRequest {
        var items = [
            URLQueryItem(name: "v", value: SubsonicRules.apiVersion),
            URLQueryItem(name: "c", value: SubsonicRules.clientName), URLQueryItem(name: "f", value: "json"),
        ]
        if signed {
            let salt = (0..<12).map { _ in String("0123456789abcdef".randomElement() ?? "0") }.joined()
            let useTokens = tokens.withLockedValue { $0 }
            items += SubsonicRules.credentials(auth: auth, user: user, secret: secret, salt: salt, tokens: useTokens)
                .map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        items += parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard var components = URLComponents(string: "\(base)/rest/\(method)") else {
            throw SourceError(.invalid, "\(base) is not a URL")
        }
        components.queryItems = items
        // `+` is a space to most servers' query parsers: send it encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw SourceError(.invalid, "\(base) is not a URL") }
        var request = URLRequest(url: url)
        request.setValue("SoTube catalog source", forHTTPHeaderField: "User-Agent")
        return request
    }
}
