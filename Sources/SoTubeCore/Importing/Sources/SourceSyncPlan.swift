/// What the store already holds of one source song (`tracks.source_size`, `source_mtime`).
public struct SourceStamp: Sendable, Equatable {
    public var size: Int
    public var version: Int
    public init(size: Int, version: Int) {
        self.size = size
        self.version = version
    }
}

/// What a sync does with each song a source lists, worked out before anything is fetched: songs the
/// store lacks or whose file or tags changed upstream are fetched; the rest stay as they are. Songs
/// the store holds that the source no longer lists are withdrawn afterwards (`present`).
public struct SourceSyncPlan: Sendable, Equatable {
    /// New or changed songs, in the source's order.
    public var fetch: [RemoteSong] = []
    public var unchanged = 0
    /// Songs the source lists that cannot be sold (no file upstream), with the reason.
    public var skipped: [SkippedSong] = []
    /// The source key of every song the source still lists.
    public var present: Set<String> = []

    public struct SkippedSong: Sendable, Equatable {
        public var song: RemoteSong
        public var reason: String
    }

    public init() {}

    /// The catalog's key of a source's song (`tracks.source_path`): `source:NAME/ID`.
    public static func sourceKey(source: String, songID: String) -> String {
        "\(keyPrefix(source: source))/\(songID)"
    }

    /// What every key of a source starts with (without the last slash).
    public static func keyPrefix(source: String) -> String { "source:\(source)" }

    /// The plan for `songs` (a listing; an id listed twice counts once) against `known` (by source key).
    public static func make(source: String, songs: [RemoteSong], known: [String: SourceStamp]) -> SourceSyncPlan {
        var plan = SourceSyncPlan()
        var seen: Set<String> = []
        for song in songs where seen.insert(song.id).inserted {
            let key = sourceKey(source: source, songID: song.id)
            if song.size < 0 {
                plan.skipped.append(SkippedSong(song: song, reason: "the file is missing upstream"))
                continue
            }
            plan.present.insert(key)
            if known[key] == SourceStamp(size: song.size, version: song.version) {
                plan.unchanged += 1
            } else {
                plan.fetch.append(song)
            }
        }
        return plan
    }
}
