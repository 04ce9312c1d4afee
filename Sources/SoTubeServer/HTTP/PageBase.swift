import Hummingbird

/// The absolute origin server-rendered pages (share, embed, oEmbed) put in their links: the
/// configured public URL, else the request's own host (then nothing may keep the page).
struct PageBase: Sendable {
    /// The configured public URL (`SOTUBE_PUBLIC_URL`), nil when not set.
    let publicBaseURL: String?
    /// The server's own address, when neither the configuration nor the request name one.
    let fallbackBaseURL: String

    func url(for request: Request) -> String {
        if let configured = publicBaseURL { return configured }
        if let authority = request.head.authority,
            authority.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) })
        {
            return "http://\(authority)"
        }
        return fallbackBaseURL
    }

    /// A page whose links come from the request's Host is never kept: a cache would hand one
    /// caller's (perhaps forged) host to everyone.
    var cacheControl: String { publicBaseURL == nil ? "no-store" : "public, max-age=300" }
}
