extension RouteDocs {
    /// The request headers of every file answered with ranges (audio, downloads).
    static let rangeHeaders = [
        "Range": "RFC 9110 byte range: bytes=a-b, bytes=a- or bytes=-n",
        "If-None-Match": "ETag from an earlier answer: 304 when unchanged",
        "If-Range": "ETag or date: the Range is honoured only when it still matches",
    ]

    static let media: [RouteDoc] = {
        let audioResponses: [Int: (String, String?)] = [
            200: ("The whole file: the full song for its owner, the preview for everyone else", nil),
            206: ("The requested bytes (Content-Range)", nil), 304: ("Not modified", nil),
            404: ("No such song", nil), 416: ("Range not satisfiable (Content-Range: bytes */size)", nil),
        ]
        let imageResponses: [Int: (String, String?)] = [
            200: ("JPEG, cached for a year", nil), 304: ("Not modified", nil),
            404: ("Not found or no picture", nil),
            422: ("Bad size", nil),
        ]
        let size = ["size": "Pixels: 100, 300 (default) or 600; other values round up"]
        return [
            RouteDoc(
                "GET", "/api/v1/tracks/{id}/audio",
                "Audio: the full song for owners, the 30-second preview otherwise",
                tag: "media", responses: audioResponses, headers: rangeHeaders,
                responseContentType: "audio/mpeg"),
            RouteDoc(
                "HEAD", "/api/v1/tracks/{id}/audio", "Audio headers only (size, type, ETag)",
                tag: "media", responses: audioResponses, headers: rangeHeaders,
                responseContentType: "audio/mpeg"),
            RouteDoc(
                "GET", "/api/v1/albums/{id}/artwork", "Album artwork", tag: "media",
                responses: imageResponses,
                query: size, responseContentType: "image/jpeg"),
            RouteDoc(
                "GET", "/api/v1/artists/{id}/image", "Artist picture (else their first album's artwork)",
                tag: "media", responses: imageResponses, query: size, responseContentType: "image/jpeg"),
            RouteDoc(
                "GET", "/api/v1/playlists/{id}/artwork",
                "Playlist cover (else its first song's album artwork)",
                tag: "media", responses: imageResponses, query: size, responseContentType: "image/jpeg"),
        ]
    }()
}
