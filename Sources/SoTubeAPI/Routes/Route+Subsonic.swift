// The Subsonic/OpenSubsonic API for music players (SPEC M9): one route per method, documented once
// for every Subsonic method (its own envelope, errors with HTTP 200).
extension Route {
    public static let subsonic = subsonicRoute(.get)
    public static let subsonicHead = subsonicRoute(.head)
    public static let subsonicForm = subsonicRoute(.post)

    private static func subsonicRoute(_ method: Method) -> Route {
        Route(
            method, "/rest/{method}",
            "Subsonic/OpenSubsonic API over the caller's purchases (method name, optionally with .view); "
                + "XML, or JSON with f=json; POST takes form-encoded parameters",
            tag: "subsonic", access: .appPassword,
            responses: [200: ("A subsonic-response envelope (errors too), or audio or an image", nil)],
            query: [
                "f": "xml (default) or json", "apiKey": "an app password", "u": "username",
                "p": "an app password, plain or enc:HEX", "t": "md5(app password + s)", "s": "a random salt",
                "v": "the client's API version", "c": "the client's name",
            ], responseContentType: "application/xml")
    }

    static let subsonicRoutes: [Route] = [subsonic, subsonicHead, subsonicForm]
}
