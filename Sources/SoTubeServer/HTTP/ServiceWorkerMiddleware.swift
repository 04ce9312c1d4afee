import Crypto
import Foundation
import Hummingbird
import SoTubeCore

/// `GET /sw.js`: the web app's service worker, prefixed with the list of the app's files and a
/// version made from their contents, so the worker caches exactly the files there are (no list kept
/// by hand) and a changed file makes a new worker with a new cache. Computed once at start.
struct ServiceWorkerMiddleware<Context: RequestContext>: RouterMiddleware {
    let script: ByteBuffer?

    init(publicDirectory: URL) {
        script = Self.script(publicDirectory: publicDirectory).map { ByteBuffer(string: $0) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let script, request.uri.path == "/sw.js", request.method == .get || request.method == .head else {
            return try await next(request, context)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8",
                // The browser checks for a new worker on every visit.
                .cacheControl: "no-cache",
            ],
            body: request.method == .head ? .init() : .init(byteBuffer: script))
    }

    /// The worker's source with `SHELL_VERSION` and `SHELL_FILES` first; nil without `sw.js`.
    static func script(publicDirectory: URL) -> String? {
        let root = publicDirectory.standardizedFileURL
        guard let body = try? String(contentsOf: root.appendingPathComponent("sw.js"), encoding: .utf8) else {
            return nil
        }
        let files = appFiles(in: root)
        var hash = SHA256()
        for (path, url) in files {
            hash.update(data: Data(path.utf8))
            hash.update(data: (try? Data(contentsOf: url)) ?? Data())
        }
        let version = String(Hex.encode(hash.finalize()).prefix(16))
        let list = files.map { "'\($0.path)'" }.joined(separator: ", ")
        return """
            // Made by the server from the files it serves (ServiceWorkerMiddleware).
            const SHELL_VERSION = '\(version)';
            const SHELL_FILES = ['/', \(list)];

            \(body)
            """
    }

    /// Every file of the app under `root` as (URL path, file), sorted, without the worker itself and
    /// hidden files.
    static func appFiles(in root: URL) -> [(path: String, url: URL)] {
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [(String, URL)] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let path = "/" + full.dropFirst(prefix.count)
            if path == "/sw.js" || path.contains("'") || path.contains("\\") { continue }
            found.append((path, url))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
