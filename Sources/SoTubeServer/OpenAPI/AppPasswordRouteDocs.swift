import SoTubeAPI

extension RouteDocs {
    static let appPasswords: [RouteDoc] = [
        RouteDoc(
            "GET", "/api/v1/me/app-passwords", "The caller's app passwords for music players (never the secret)",
            tag: "accounts", auth: true,
            responses: [200: ("The app passwords, newest first", "AppPasswordList"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "POST", "/api/v1/me/app-passwords",
            "Make an app password, confirmed with the account password: its secret is shown this once. "
                + "A password change or a completed reset revokes every app password",
            tag: "accounts", auth: true, request: "CreateAppPasswordRequest",
            responses: [
                201: ("Made", "CreatedAppPassword"), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
                403: ("Wrong password, or a cookie session without the CSRF header", nil),
                409: ("Too many app passwords", nil), 422: ("Invalid label", nil),
                429: ("Too many wrong passwords: wait Retry-After seconds", nil),
            ]),
        RouteDoc(
            "DELETE", "/api/v1/me/app-passwords/{id}", "Revoke an app password: it stops working at once",
            tag: "accounts", auth: true,
            responses: [
                204: ("Revoked", nil), 401: ("Not logged in", nil), 404: ("No such app password of yours", nil),
            ]),
    ]

    /// The Subsonic API: documented once for every method (its own envelope, errors with HTTP 200).
    static let subsonic: [RouteDoc] = ["GET", "HEAD", "POST"].map { method in
        RouteDoc(
            method, "/rest/{method}",
            "Subsonic/OpenSubsonic API over the caller's purchases (method name, optionally with .view); "
                + "XML, or JSON with f=json; POST takes form-encoded parameters",
            tag: "subsonic",
            responses: [200: ("A subsonic-response envelope (errors too), or audio or an image", nil)],
            query: [
                "f": "xml (default) or json", "apiKey": "an app password", "u": "username",
                "p": "an app password, plain or enc:HEX", "t": "md5(app password + s)", "s": "a random salt",
                "v": "the client's API version", "c": "the client's name",
            ], responseContentType: "application/xml")
    }
}

extension SchemaDocs {
    static let appPasswords: [String: JSONValue] = [
        "AppPassword": JSONSchema.object(
            [
                "id": JSONSchema.string, "label": JSONSchema.string,
                "createdAt": ["type": "string", "format": "date-time"],
                "lastUsedAt": ["type": ["string", "null"], "format": "date-time"],
            ], required: ["id", "label", "createdAt"]),
        "AppPasswordList": JSONSchema.array(JSONSchema.ref("AppPassword")),
        "CreateAppPasswordRequest": JSONSchema.object(["label": JSONSchema.string, "password": JSONSchema.string]),
        "CreatedAppPassword": JSONSchema.object([
            "id": JSONSchema.string, "label": JSONSchema.string, "secret": JSONSchema.string,
            "createdAt": ["type": "string", "format": "date-time"], "username": JSONSchema.string,
            "serverUrl": JSONSchema.string,
        ]),
    ]
}
