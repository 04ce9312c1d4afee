/// Names of the HTTP header fields the SoTube API defines (beyond the standard ones).
///
/// Plain strings, so that clients need no HTTP library to use them; header names are
/// case-insensitive on the wire.
public enum SoTubeHeader {
    /// Request header of `POST /api/v1/purchases`: a unique value per purchase (e.g. a UUID).
    /// Retrying with the same key returns the first answer and charges nothing again.
    public static let idempotencyKey = "Idempotency-Key"

    /// Response header `true` when a purchase answer is the stored one for a reused
    /// ``idempotencyKey``.
    public static let idempotentReplayed = "Idempotent-Replayed"

    /// Request header echoing the ``SoTubeCookie/csrf`` cookie on unsafe requests authenticated by
    /// the session cookie (double-submit CSRF protection).
    public static let csrfToken = "X-CSRF-Token"

    /// Response header of a song's audio: which file was served, ``AudioRendition``.
    public static let rendition = "X-SoTube-Rendition"
    /// On a song download: the formats (file extensions) the owner may download, the original's
    /// first, e.g. `flac, mp3`; `?format=mp3` picks the MP3.
    public static let downloadFormats = "X-SoTube-Formats"

    /// Request header of the sandbox provider's capture notification: the hex HMAC-SHA256 of
    /// `"topUpId.providerReference"` with the provider key.
    public static let sandboxSignature = "X-Sandbox-Signature"
}

/// Names of the cookies set by `POST /api/v1/auth/login` and `POST /api/v1/auth/register`.
public enum SoTubeCookie {
    /// The session token (HTTP-only). API clients send `Authorization: Bearer <token>` instead.
    public static let session = "sotube_session"

    /// A token readable by scripts, echoed in ``SoTubeHeader/csrfToken``.
    public static let csrf = "sotube_csrf"

    /// The owner's remembered device (HTTP-only, path `/api/v1/auth`), set at each successful
    /// sign-in: a log-in bringing it keeps its own allowance when strangers have reached the
    /// account's limit of failed log-ins over all addresses.
    public static let device = "sotube_device"
}

/// The value of ``SoTubeHeader/rendition``: which file of a song an audio answer carries.
public enum AudioRendition: String, Codable, Sendable, CaseIterable {
    /// The whole song: the caller owns it.
    case full
    /// The preview cut: everyone else.
    case preview
}
