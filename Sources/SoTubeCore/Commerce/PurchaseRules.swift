/// What a purchase request asks for: one song or one whole album.
public enum PurchaseTarget: Sendable, Equatable {
    case track(String)
    case album(String)

    /// Exactly one of the two ids must be given.
    public init(trackID: String?, albumID: String?) throws {
        switch (trackID, albumID) {
        case (let track?, nil) where !track.isEmpty: self = .track(track)
        case (nil, let album?) where !album.isEmpty: self = .album(album)
        default:
            throw DomainError.invalid(
                field: "trackId", reason: "Give exactly one of 'trackId' or 'albumId'.")
        }
    }

    public var kind: PurchaseKind {
        switch self {
        case .track: return .track
        case .album: return .album
        }
    }

    /// What the request asked for, stored beside its idempotency key: the same key with a different
    /// fingerprint is a different request (422).
    public var fingerprint: String {
        switch self {
        case .track(let id): return "track:\(id)"
        case .album(let id): return "album:\(id)"
        }
    }
}

/// Client-chosen keys that make a retried purchase answer the first result instead of charging again.
public enum IdempotencyKey {
    public static let header = "Idempotency-Key"
    public static let maxLength = 200

    /// The key, or 422 naming the header when it is missing, empty, too long or not printable ASCII.
    public static func validated(_ raw: String?) throws -> String {
        guard let raw, !raw.isEmpty else {
            throw DomainError.invalid(
                field: header,
                reason: "The Idempotency-Key header is required: a unique value per purchase, e.g. a UUID.")
        }
        guard raw.count <= maxLength,
            raw.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else {
            throw DomainError.invalid(
                field: header,
                reason: "An Idempotency-Key has 1 to \(maxLength) printable ASCII characters.")
        }
        return raw
    }
}
