/// What the store home shows first: the featured playlists in order, and the moods in order.
public struct HomeCuration: Sendable, Equatable {
    public struct Playlist: Sendable, Equatable {
        public var id: String
        public var name: String
        /// `volume` (a curated collection of about ten songs in one style), `mood`, …
        public var kind: String
        public var featured: Bool
        public var trackCount: Int

        public init(id: String, name: String, kind: String, featured: Bool, trackCount: Int) {
            self.id = id
            self.name = name
            self.kind = kind
            self.featured = featured
            self.trackCount = trackCount
        }
    }

    public struct Mood: Sendable, Equatable {
        public var id: String
        public var name: String
        public var playlistID: String

        public init(id: String, name: String, playlistID: String) {
            self.id = id
            self.name = name
            self.playlistID = playlistID
        }
    }

    /// Featured ones first, in the home's order, then the others by name.
    public var playlists: [Playlist]
    /// In the home's order.
    public var moods: [Mood]

    public init(playlists: [Playlist], moods: [Mood]) {
        self.playlists = playlists
        self.moods = moods
    }
}
