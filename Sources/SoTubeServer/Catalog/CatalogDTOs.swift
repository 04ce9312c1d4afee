import SoTubeAPI
import SoTubeCore

/// The one place catalog models become wire types (URLs included). The paths come from
/// `SoTubeRoutes`, the route table clients use too.
enum CatalogURLs {
    /// The size of the artwork and pictures lists link to.
    static let listImageSize = 300
    static func audio(track id: String) -> String { SoTubeRoutes.trackAudio(id) }
    static func artwork(album id: String) -> String { SoTubeRoutes.albumArtwork(id, size: listImageSize) }
    static func image(artist id: String) -> String { SoTubeRoutes.artistImage(id, size: listImageSize) }
    /// Playlists and moods show their first song's album artwork ("none" when empty: a 404 image).
    static func artwork(cover albumID: String?) -> String { artwork(album: albumID ?? "none") }
}

extension TrackDTO {
    /// `preview` is the configured preview (`ServerConfiguration.preview`): a short song's preview is
    /// half of it.
    init(_ track: CatalogTrack, owned: Bool, preview: PreviewPolicy) {
        self.init(
            id: track.id, title: track.title, artistId: track.artistID, artistName: track.artistName,
            albumId: track.albumID, albumTitle: track.albumTitle, trackNumber: track.trackNumber,
            discNumber: track.discNumber, durationMs: track.durationMs, genre: track.genre,
            explicit: track.explicit, price: track.price, owned: owned,
            artworkUrl: CatalogURLs.artwork(album: track.albumID), audioUrl: CatalogURLs.audio(track: track.id),
            previewSeconds: preview.previewSeconds(durationMs: track.durationMs))
        self.ready = track.ready
        self.withdrawn = track.withdrawn ? true : nil
        self.nameYourPrice = track.nameYourPrice ? true : nil
        self.availableOn = track.availableAt.map { CivilDay(epochMillis: $0.epochMillis).description }
        self.loudness = track.loudness.map {
            LoudnessDTO(
                integratedLufs: $0.integratedLUFS, truePeakDb: $0.truePeakDB,
                albumIntegratedLufs: track.albumLoudness?.integratedLUFS,
                albumTruePeakDb: track.albumLoudness?.truePeakDB, trackGainDb: $0.playbackGainDB(),
                albumGainDb: track.albumLoudness?.playbackGainDB())
        }
    }
}

extension AlbumSummaryDTO {
    init(_ album: CatalogAlbum) {
        self.init(
            id: album.id, title: album.title, artistId: album.artistID, artistName: album.artistName,
            releaseDate: album.releaseDate, year: album.year, genre: album.genre,
            artworkUrl: CatalogURLs.artwork(album: album.id), trackCount: album.trackCount, price: album.price,
            explicit: album.explicit)
        self.nameYourPrice = album.nameYourPrice ? true : nil
        self.availableOn = album.availableAt.map { CivilDay(epochMillis: $0.epochMillis).description }
    }
}

extension ArtistSummaryDTO {
    init(_ artist: CatalogArtist) {
        self.init(id: artist.id, name: artist.name, imageUrl: CatalogURLs.image(artist: artist.id))
    }
}

extension PlaylistSummaryDTO {
    /// The catalog holds "volume" and "mood" playlists (demo seeder, synthetic catalog, migrations).
    init(_ playlist: CatalogPlaylist) {
        self.init(
            id: playlist.id, name: playlist.name, description: playlist.description,
            artworkUrl: CatalogURLs.artwork(cover: playlist.coverAlbumID), trackCount: playlist.trackCount,
            kind: Kind(rawValue: playlist.kind) ?? .volume)
    }
}

extension MoodDTO {
    init(_ mood: CatalogMood) {
        self.init(
            id: mood.id, name: mood.name, playlistId: mood.playlistID,
            artworkUrl: CatalogURLs.artwork(cover: mood.coverAlbumID))
    }
}

extension LibrarySongsDTO.Sort {
    init(_ sort: LibrarySongSort) {
        switch sort {
        case .default: self = .default
        case .name: self = .name
        }
    }
}

extension LibraryAlbumsDTO.Sort {
    init(_ sort: LibraryAlbumSort) {
        switch sort {
        case .artist: self = .artist
        case .name: self = .name
        }
    }
}

/// Builds TrackDTOs with `owned` for the caller (guests own nothing) and the preview length.
struct TrackPresenter: Sendable {
    let ownership: any OwnershipStore
    let preview: PreviewPolicy

    func present(_ tracks: [CatalogTrack], for userID: String?) async throws -> [TrackDTO] {
        let owned = try await ownedIDs(tracks.map(\.id), userID: userID)
        return tracks.map { TrackDTO($0, owned: owned.contains($0.id), preview: preview) }
    }

    /// Songs the caller owns, e.g. in My Music.
    func presentOwned(_ tracks: [CatalogTrack]) -> [TrackDTO] {
        tracks.map { TrackDTO($0, owned: true, preview: preview) }
    }

    func ownedIDs(_ ids: [String], userID: String?) async throws -> Set<String> {
        guard let userID, !ids.isEmpty else { return [] }
        return try await ownership.ownedTrackIDs(userID: userID, among: ids)
    }
}
