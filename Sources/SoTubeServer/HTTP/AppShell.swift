import Hummingbird

/// How browsers may keep the web app's own files. Pages, scripts, styles and the manifest are
/// `no-cache`: kept, but revalidated on every use (a cheap 304 by ETag), so a new version is never
/// mixed with an old one. Pictures and icons change with a release at most and are kept a day.
enum AppShell {
    static let caching = CacheControl([
        (MediaType(type: .image), [.public, .maxAge(86_400)]),
        (MediaType(type: .text), [.public, .noCache]),
        (MediaType(type: .application), [.public, .noCache]),
    ])
}
