import Foundation

/// A buyer's own playlist (issue 32 #17): a name and songs in the buyer's order. Songs the buyer
/// does not own may be in it; they play as previews, as everywhere else. Private to its owner.
public struct OwnPlaylist: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var name: String
    /// In the buyer's order; a song is in a playlist at most once.
    public var trackIDs: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, userID: String, name: String, trackIDs: [String], createdAt: Date, updatedAt: Date) {
        self.id = id
        self.userID = userID
        self.name = name
        self.trackIDs = trackIDs
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// One line of the buyer's list of playlists.
public struct OwnPlaylistSummary: Sendable, Equatable {
    public var id: String
    public var name: String
    public var trackCount: Int
    public var durationMs: Int
    /// The first song's album, for the cover; nil when the playlist is empty.
    public var firstAlbumID: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, name: String, trackCount: Int, durationMs: Int, firstAlbumID: String?, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.trackCount = trackCount
        self.durationMs = durationMs
        self.firstAlbumID = firstAlbumID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What a playlist may hold and be called.
public enum OwnPlaylistRules {
    public static let nameLimit = 100
    public static let songLimit = 1_000
    public static let playlistLimit = 200

    /// The name to store: trimmed, 1–100 characters, no control characters.
    public static func name(_ raw: String, field: String = "name") throws -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DomainError.invalid(field: field, reason: "A playlist needs a name.") }
        guard trimmed.count <= nameLimit else {
            throw DomainError.invalid(field: field, reason: "A playlist's name has at most \(nameLimit) characters.")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.invalid(field: field, reason: "A playlist's name may not hold control characters.")
        }
        return trimmed
    }

    /// The songs in order, each once (a repeat keeps its first place), at most `songLimit`.
    public static func songs(_ ids: [String], field: String = "trackIds") throws -> [String] {
        var seen = Set<String>()
        let songs = ids.filter { seen.insert($0).inserted }
        guard songs.count <= songLimit else {
            throw DomainError.invalid(field: field, reason: "A playlist holds at most \(songLimit) songs.")
        }
        guard songs.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 128 }) else {
            throw DomainError.invalid(field: field, reason: "A song's id is missing or too long.")
        }
        return songs
    }

    /// `current` with `added` appended, leaving out songs already in it; throws past `songLimit`.
    public static func appending(_ added: [String], to current: [String], field: String = "trackIds") throws
        -> [String]
    {
        let present = Set(current)
        return try songs(current + added.filter { !present.contains($0) }, field: field)
    }

    /// `current` without the entries at `indexes` (a Subsonic `songIndexToRemove`); an index out of
    /// range is refused.
    public static func removing(indexes: [Int], from current: [String], field: String = "songIndexToRemove") throws
        -> [String]
    {
        let doomed = Set(indexes)
        guard doomed.allSatisfy({ current.indices.contains($0) }) else {
            throw DomainError.invalid(field: field, reason: "There is no song at that place in the playlist.")
        }
        return current.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
    }
}

/// Where own playlists are kept. Every call names the owner: another user's playlist is not found.
public protocol OwnPlaylistStore: Sendable {
    /// The user's playlists, most recently changed first.
    func playlists(userID: String) async throws -> [OwnPlaylistSummary]
    func playlist(id: String, userID: String) async throws -> OwnPlaylist?
    /// Makes a playlist; `invalid(trackIds)` for a song not in the catalog, `conflict` past
    /// `OwnPlaylistRules.playlistLimit`.
    func create(_ playlist: OwnPlaylist) async throws
    /// Sets the name and/or the songs (already checked by the rules); nil when not the user's.
    func update(id: String, userID: String, name: String?, trackIDs: [String]?, at now: Date) async throws
        -> OwnPlaylist?
    /// Appends songs not in it yet; the number added, nil when not the user's.
    func add(trackIDs: [String], to id: String, userID: String, at now: Date) async throws -> Int?
    /// False when not the user's.
    func delete(id: String, userID: String) async throws -> Bool
}
