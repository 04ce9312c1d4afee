import Foundation

/// A release being prepared in the artist area: private (not in the catalog) until published. The
/// form's state is kept as one JSON body; its files are `ReleaseUpload`s.
public struct ReleaseDraft: Sendable, Equatable {
    public struct Track: Sendable, Equatable, Codable {
        public var uploadID: String
        public var title: String
        public var trackNumber: Int
        public var discNumber: Int
        public var price: Int
        public var nameYourPrice: Bool

        public init(uploadID: String, title: String, trackNumber: Int, discNumber: Int, price: Int, nameYourPrice: Bool)
        {
            self.uploadID = uploadID
            self.title = title
            self.trackNumber = trackNumber
            self.discNumber = discNumber
            self.price = price
            self.nameYourPrice = nameYourPrice
        }
    }

    /// What the seller edits.
    public struct Body: Sendable, Equatable, Codable {
        public var title: String
        public var year: Int?
        public var genre: String?
        public var albumPrice: Int?
        public var nameYourPrice: Bool
        public var availableOn: String?
        public var coverUploadID: String?
        public var tracks: [Track]

        public init(
            title: String, year: Int? = nil, genre: String? = nil, albumPrice: Int? = nil, nameYourPrice: Bool = false,
            availableOn: String? = nil, coverUploadID: String? = nil, tracks: [Track] = []
        ) {
            self.title = title
            self.year = year
            self.genre = genre
            self.albumPrice = albumPrice
            self.nameYourPrice = nameYourPrice
            self.availableOn = availableOn
            self.coverUploadID = coverUploadID
            self.tracks = tracks
        }
    }

    public var id: String
    public var accountID: String
    public var artistID: String
    public var artistName: String
    public var body: Body
    public var uploads: [ReleaseUpload]
    public var updatedAt: Date

    public init(
        id: String, accountID: String, artistID: String, artistName: String, body: Body, uploads: [ReleaseUpload],
        updatedAt: Date
    ) {
        self.id = id
        self.accountID = accountID
        self.artistID = artistID
        self.artistName = artistName
        self.body = body
        self.uploads = uploads
        self.updatedAt = updatedAt
    }
}

/// A file a seller sends in chunks: `received` bytes of `size` so far, kept at `path` (relative to
/// the data folder's `uploads`). A finished audio file has its tags read.
public struct ReleaseUpload: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case audio
        case cover
    }

    /// What the file's tags say, for the seller to check before publishing.
    public struct Tags: Sendable, Equatable, Codable {
        public var title: String
        public var artist: String
        public var album: String
        public var trackNumber: Int
        public var discNumber: Int
        public var year: Int?
        public var genre: String?
        public var durationMs: Int

        public init(_ metadata: TrackMetadata) {
            title = metadata.title
            artist = metadata.artist
            album = metadata.album
            trackNumber = metadata.trackNumber
            discNumber = metadata.discNumber
            year = metadata.year
            genre = metadata.genre
            durationMs = metadata.durationMs
        }
    }

    public var id: String
    public var accountID: String
    public var draftID: String?
    public var kind: Kind
    public var fileName: String
    public var size: Int
    public var received: Int
    public var path: String
    public var tags: Tags?
    /// Why a finished file cannot be used ("not an audio file").
    public var problem: String?
    public var isComplete: Bool { received >= size }

    public init(
        id: String, accountID: String, draftID: String?, kind: Kind, fileName: String, size: Int, received: Int,
        path: String, tags: Tags? = nil, problem: String? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.draftID = draftID
        self.kind = kind
        self.fileName = fileName
        self.size = size
        self.received = received
        self.path = path
        self.tags = tags
        self.problem = problem
    }
}

/// What a draft and an upload may hold (SPEC C7, issue 31).
public enum DraftRules {
    public static let maxAudioBytes = 1 << 30
    public static let maxCoverBytes = 20 << 20
    /// The largest chunk one request may carry.
    public static let maxChunkBytes = 8 << 20
    public static let maxTracks = 200

    /// A new upload: a plain file name and a size within the kind's limit.
    public static func validateUpload(fileName: String, size: Int, kind: ReleaseUpload.Kind) throws {
        let name = fileName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 255, !name.contains("/"), !name.contains("\\"),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw DomainError.invalid(field: "fileName", reason: "Give the file's name (no folders).") }
        let limit = kind == .audio ? maxAudioBytes : maxCoverBytes
        guard size > 0, size <= limit else {
            throw DomainError.invalid(
                field: "size", reason: "A \(kind.rawValue) file is 1 byte to \(limit >> 20) MB.")
        }
    }

    /// The next chunk must start where the file ends now and may not pass its announced size.
    public static func validateChunk(offset: Int, length: Int, upload: ReleaseUpload) throws {
        guard offset == upload.received else {
            throw DomainError.conflict(
                field: "Upload-Offset", reason: "The upload has \(upload.received) bytes; send from there.")
        }
        guard length > 0, length <= maxChunkBytes, offset + length <= upload.size else {
            throw DomainError.invalid(
                field: "body",
                reason: "A chunk is 1 byte to \(maxChunkBytes >> 20) MB and ends at the file's size at most.")
        }
    }

    /// A draft's form: title, prices, date and tracks that name its own audio uploads.
    public static func validate(_ body: ReleaseDraft.Body, uploads: [ReleaseUpload]) throws -> ReleaseDraft.Body {
        var body = body
        body.title = body.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.title.isEmpty, body.title.count <= 200 else {
            throw DomainError.invalid(field: "title", reason: "Give the release a title (at most 200 characters).")
        }
        if let year = body.year, !(1000...9999).contains(year) {
            throw DomainError.invalid(field: "year", reason: "A year has four digits.")
        }
        if let price = body.albumPrice { try SellerRules.validatePrice(price, field: "albumPrice") }
        _ = try SellerRules.availableDay(body.availableOn)
        let audio = Set(uploads.filter { $0.kind == .audio }.map(\.id))
        if let cover = body.coverUploadID, !uploads.contains(where: { $0.id == cover && $0.kind == .cover }) {
            throw DomainError.invalid(field: "coverUploadId", reason: "The cover is not one of this draft's pictures.")
        }
        guard body.tracks.count <= maxTracks else {
            throw DomainError.invalid(field: "tracks", reason: "A release has at most \(maxTracks) songs.")
        }
        for (index, track) in body.tracks.enumerated() {
            guard audio.contains(track.uploadID) else {
                throw DomainError.invalid(
                    field: "tracks", reason: "Song \(index + 1) is not one of this draft's files.")
            }
            let title = track.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty, title.count <= 200 else {
                throw DomainError.invalid(field: "tracks", reason: "Song \(index + 1) needs a title.")
            }
            guard (0...999).contains(track.trackNumber), (1...99).contains(track.discNumber) else {
                throw DomainError.invalid(field: "tracks", reason: "Song \(index + 1) has an impossible number.")
            }
            try SellerRules.validatePrice(track.price, field: "tracks")
            body.tracks[index].title = title
        }
        return body
    }
}
