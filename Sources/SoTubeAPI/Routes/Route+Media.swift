// Audio, pictures, downloads and the profile photo (SPEC M1, P9, A6).
extension Route {
    /// The request headers of every file answered with ranges (audio, downloads).
    static let rangeHeaders = [
        "Range": "RFC 9110 byte range: bytes=a-b, bytes=a- or bytes=-n",
        "If-None-Match": "ETag from an earlier answer: 304 when unchanged",
        "If-Range": "ETag or date: the Range is honoured only when it still matches",
    ]
    private static let audioResponses: [Int: (String, String?)] = [
        200: ("The whole file: the full song for its owner, the preview for everyone else", nil),
        206: ("The requested bytes (Content-Range)", nil), 304: ("Not modified", nil),
        404: ("No such song", nil), 416: ("Range not satisfiable (Content-Range: bytes */size)", nil),
        422: ("An unknown format", nil), 429: ("Too many transcoded streams at once (Retry-After)", nil),
    ]
    private static let audioFormat = [
        "format":
            "mp3: the owner's song made into MP3 on the fly (no ranges), for a browser that cannot play the stored file (a FLAC or Ogg song whose MP3 is not made yet); absent or raw: the stored file"
    ]
    private static let imageResponses: [Int: (String, String?)] = [
        200: ("JPEG, cached for a year", nil), 304: ("Not modified", nil),
        404: ("Not found or no picture", nil), 422: ("Bad size", nil),
    ]
    private static let size = ["size": "Pixels: 100, 300 (default) or 600; other values round up"]
    private static let download: [Int: (String, String?)] = [
        200: ("The song's file, Content-Disposition: attachment; filename*=UTF-8''Artist%20-%20Title.ext", nil),
        206: ("The requested bytes (Content-Range)", nil), 304: ("Not modified", nil),
        404: ("No such song, or the caller does not own it (guests too)", nil),
        416: ("Range not satisfiable", nil), 422: ("An unknown format", nil),
    ]
    private static let format = [
        "format":
            "original (default: the imported file) or mp3 (the MP3 the song plays from, when the original is another format)"
    ]
    public static let trackAudio = Route(
        .get, "/api/v1/tracks/{id}/audio",
        "Audio: the full song for owners, the 30-second preview otherwise",
        tag: "media", remembersSessions: true, responses: audioResponses, query: audioFormat, headers: rangeHeaders,
        responseContentType: "audio/mpeg", web: "trackAudio")
    public static let trackAudioHead = Route(
        .head, "/api/v1/tracks/{id}/audio", "Audio headers only (size, type, ETag)",
        tag: "media", remembersSessions: true, responses: audioResponses, query: audioFormat, headers: rangeHeaders,
        responseContentType: "audio/mpeg", web: "trackAudio")
    public static let albumArtwork = Route(
        .get, "/api/v1/albums/{id}/artwork", "Album artwork", tag: "media",
        responses: imageResponses,
        query: size, responseContentType: "image/jpeg")
    public static let artistImage = Route(
        .get, "/api/v1/artists/{id}/image", "Artist picture (else their first album's artwork)",
        tag: "media", responses: imageResponses, query: size, responseContentType: "image/jpeg")
    public static let playlistArtwork = Route(
        .get, "/api/v1/playlists/{id}/artwork",
        "Playlist cover (else its first song's album artwork)",
        tag: "media", responses: imageResponses, query: size, responseContentType: "image/jpeg")
    public static let trackDownload = Route(
        .get, "/api/v1/tracks/{id}/download", "Download a song you own (its file, with a clean name)",
        tag: "media", responses: download, query: format, headers: rangeHeaders,
        responseContentType: "audio/mpeg", web: "trackDownload")
    public static let trackDownloadHead = Route(
        .head, "/api/v1/tracks/{id}/download", "Download headers only (size, type, name)",
        tag: "media", responses: download, query: format, headers: rangeHeaders,
        responseContentType: "audio/mpeg", web: "trackDownload")
    public static let albumDownload = Route(
        .get, "/api/v1/albums/{id}/download",
        "A ZIP (stored, streamed) of your songs of an album in track order, with cover.jpg",
        tag: "media",
        responses: [
            200: ("ZIP archive, Content-Disposition: attachment", nil),
            404: ("No such album, or the caller owns none of its songs (guests too)", nil),
            413: ("Larger than 4 GiB: download the songs one by one", nil),
            422: ("An unknown format", nil),
        ], query: format, responseContentType: "application/zip", web: "albumDownload")

    /// Every route of this group, in the order the document lists them.
    static let media: [Route] = [
        trackAudio, trackAudioHead, albumArtwork, artistImage, playlistArtwork, trackDownload, trackDownloadHead,
        albumDownload,
    ]
}
