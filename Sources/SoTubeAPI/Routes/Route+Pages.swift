// Public pages outside the JSON API: share pages, embeds and oEmbed (SPEC U4).
extension Route {
    private static let page: [Int: (String, String?)] = [
        200: ("HTML page (frame-ancestors *)", nil), 404: ("Not found", nil),
    ]

    public static let sharePage = Route(
        .get, "/song/{id}",
        "Public song page for shared links: Open Graph tags and a preview player",
        tag: "web", responses: [200: ("HTML page", nil), 404: ("No such song", nil)],
        query: ["t": "Start the preview at this second of the song (a shared moment)"],
        responseContentType: "text/html", web: "sharePage")
    public static let embedSong = Route(
        .get, "/embed/song/{id}", "A small player of a song's preview for an iframe on any site", tag: "web",
        responses: page, responseContentType: "text/html", web: "embedSong")
    public static let embedAlbum = Route(
        .get, "/embed/album/{id}", "A small player of an album's previews for an iframe on any site",
        tag: "web", responses: page, responseContentType: "text/html", web: "embedAlbum")
    public static let oEmbed = Route(
        .get, "/oembed", "oEmbed 1.0 (rich) for a song or album page URL", tag: "web",
        responses: [
            200: ("The iframe to embed", "OEmbed"), 404: ("Not a SoTube song or album URL", nil),
            501: ("A format other than json", nil),
        ],
        query: [
            "url": "A share page (/song/{id}), an embed page or the web app's #/song/{id} or #/album/{id}",
            "maxwidth": "Largest width in pixels", "maxheight": "Largest height in pixels",
            "format": "json (the only one)",
        ])

    /// Every route of this group, in the order the document lists them.
    static let pages: [Route] = [sharePage, embedSong, embedAlbum, oEmbed]
}
