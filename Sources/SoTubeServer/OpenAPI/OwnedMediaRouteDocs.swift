/// Downloads, embeds, oEmbed and the profile photo (SPEC P9, M10, A6).
extension RouteDocs {
    static let ownedMedia: [RouteDoc] = {
        let download: [Int: (String, String?)] = [
            200: ("The song's file, Content-Disposition: attachment; filename*=UTF-8''Artist%20-%20Title.ext", nil),
            206: ("The requested bytes (Content-Range)", nil), 304: ("Not modified", nil),
            404: ("No such song, or the caller does not own it (guests too)", nil),
            416: ("Range not satisfiable", nil), 422: ("An unknown format", nil),
        ]
        let format = [
            "format":
                "original (default: the imported file) or mp3 (the MP3 the song plays from, when the original is another format)"
        ]
        let avatarImage: [Int: (String, String?)] = [
            200: ("Square JPEG", nil), 304: ("Not modified", nil), 401: ("Not logged in", nil),
            404: ("No profile photo", nil),
        ]
        let page: [Int: (String, String?)] = [200: ("HTML page (frame-ancestors *)", nil), 404: ("Not found", nil)]
        return [
            RouteDoc(
                "GET", "/api/v1/tracks/{id}/download", "Download a song you own (its file, with a clean name)",
                tag: "media", responses: download, query: format, headers: rangeHeaders,
                responseContentType: "audio/mpeg"),
            RouteDoc(
                "HEAD", "/api/v1/tracks/{id}/download", "Download headers only (size, type, name)",
                tag: "media", responses: download, query: format, headers: rangeHeaders,
                responseContentType: "audio/mpeg"),
            RouteDoc(
                "GET", "/api/v1/albums/{id}/download",
                "A ZIP (stored, streamed) of your songs of an album in track order, with cover.jpg",
                tag: "media",
                responses: [
                    200: ("ZIP archive, Content-Disposition: attachment", nil),
                    404: ("No such album, or the caller owns none of its songs (guests too)", nil),
                    413: ("Larger than 4 GiB: download the songs one by one", nil),
                    422: ("An unknown format", nil),
                ], query: format, responseContentType: "application/zip"),
            RouteDoc(
                "GET", "/api/v1/me/avatar", "Your profile photo", tag: "accounts", auth: true,
                responses: avatarImage, query: ["size": "Pixels: 64, 128 (default) or 512; other values round up"],
                responseContentType: "image/jpeg"),
            RouteDoc(
                "HEAD", "/api/v1/me/avatar", "Your profile photo's headers", tag: "accounts", auth: true,
                responses: avatarImage, query: ["size": "Pixels: 64, 128 (default) or 512"],
                responseContentType: "image/jpeg"),
            RouteDoc(
                "PUT", "/api/v1/me/avatar",
                "Upload a profile photo (the image file as the body: JPEG, PNG or WebP, at most 10 MB); "
                    + "it is cropped square and stored in 64, 128 and 512 pixels",
                tag: "accounts", auth: true, requestContentType: "image/*",
                responses: [
                    200: ("Stored", "Avatar"), 401: ("Not logged in", nil), 413: ("Larger than 10 MB", nil),
                    415: ("Not a JPEG, PNG or WebP file (HEIC is not read)", nil),
                    422: ("Damaged, too small, or too many pixels (a decompression bomb)", nil),
                ]),
            RouteDoc(
                "DELETE", "/api/v1/me/avatar", "Remove your profile photo", tag: "accounts", auth: true,
                responses: [204: ("Removed (or there was none)", nil), 401: ("Not logged in", nil)]),
            RouteDoc(
                "GET", "/embed/song/{id}", "A small player of a song's preview for an iframe on any site", tag: "web",
                responses: page, responseContentType: "text/html"),
            RouteDoc(
                "GET", "/embed/album/{id}", "A small player of an album's previews for an iframe on any site",
                tag: "web", responses: page, responseContentType: "text/html"),
            RouteDoc(
                "GET", "/oembed", "oEmbed 1.0 (rich) for a song or album page URL", tag: "web",
                responses: [
                    200: ("The iframe to embed", "OEmbed"), 404: ("Not a SoTube song or album URL", nil),
                    501: ("A format other than json", nil),
                ],
                query: [
                    "url": "A share page (/song/{id}), an embed page or the web app's #/song/{id} or #/album/{id}",
                    "maxwidth": "Largest width in pixels", "maxheight": "Largest height in pixels",
                    "format": "json (the only one)",
                ]),
        ]
    }()
}

extension SchemaDocs {
    static let ownedMedia: [String: JSONValue] = [
        "Avatar": JSONSchema.object(["avatarUrl": JSONSchema.nullable("string")]),
        "OEmbed": JSONSchema.object(
            [
                "version": JSONSchema.string, "type": JSONSchema.string, "provider_name": JSONSchema.string,
                "provider_url": JSONSchema.string, "title": JSONSchema.string, "author_name": JSONSchema.string,
                "html": JSONSchema.string, "width": JSONSchema.int, "height": JSONSchema.int,
                "thumbnail_url": JSONSchema.string, "thumbnail_width": JSONSchema.int,
                "thumbnail_height": JSONSchema.int,
            ],
            required: ["version", "type", "html", "width", "height"]),
    ]
}
