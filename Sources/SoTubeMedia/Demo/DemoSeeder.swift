import Foundation
import Logging
import SoTubeCore

/// Seeds the demo catalog: writes every song's row at once (metadata, prices, lyrics, bios, generated
/// covers, moods, featured volumes, artist pictures), each "being prepared", and leaves their audio
/// to the media jobs, which synthesise each song (deterministically, no network) and make its MP3,
/// preview and waveform. With `waitsForJobs` (`sotube demo`) it returns when they are done.
public struct DemoSeeder: Sendable {
    public var importer: MediaImporter

    public init(importer: MediaImporter) {
        self.importer = importer
        self.importer.keepsOriginals = false  // synthesized WAVs: the MP3 is what is offered
    }

    public struct Summary: Sendable {
        public var artists: Int
        public var albums: Int
        public var songs: Int
        public var moods: Int
        public var volumes: Int
        public var seconds: Double
        public var skipped: [SkippedFile]
    }

    /// Seconds of a demo song: 60 to 80, at least twice the default 30-second preview (a preview is
    /// never more than half its song), quick to make on two cores.
    static func length(album: Int, track: Int) -> Double {
        Double(60 + (album * 13 + track * 7) % 21)
    }

    public func seed(progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) async throws
        -> Summary
    {
        let started = Date()
        let data = DemoCatalogData.self
        // The songs' files do not exist yet: each one's job synthesises it (`DemoSongSource`).
        let work = importer.mediaRoot.appendingPathComponent("demo-sources")
        var items: [ImportItem] = []
        for (a, album) in data.albums.enumerated() {
            let prices = album.titles.indices.map { data.price(album: a, track: $0) }
            let albumPrice = max(1, prices.reduce(0, +) * 75 / 100)
            let artist = data.artists[album.artist]
            for (t, title) in album.titles.enumerated() {
                var item = ImportItem(
                    file: Self.wavURL(work, a, t), sourceKey: "demo:\(a + 1)/\(t + 1)", relativePath: [title],
                    rootName: album.title)
                item.probe = DemoSongSource.probe(seconds: Self.length(album: a, track: t))
                item.demoSong = DemoSongSource.key(album: a, track: t)
                item.metadata = TrackMetadata(
                    title: title, artist: artist.name, album: album.title, trackNumber: t + 1, discNumber: 1,
                    year: Int(album.releaseDate.prefix(4)), releaseDate: album.releaseDate,
                    genre: album.genre,
                    explicit: data.explicitSongs.contains([a, t]))
                item.artwork = .generated(seed: "demo-album-\(album.title)")
                item.albumKey = "demo-album-\(a)"
                item.price = prices[t]
                item.albumPrice = albumPrice
                item.lyrics = data.lyrics(title: title, album: a, track: t)
                item.artistBio = artist.bio
                items.append(item)
            }
        }
        let report = try await importer.importItems(items, progress: progress)
        let writer = importer.writer
        // Artist pictures.
        for artist in data.artists {
            let key = StableHash.hex("demo-artist-\(artist.name)")
            if let path = try? await importer.tools.makeArtwork(
                .generated(seed: "demo-artist-\(artist.name)"), key: key, store: importer.store)
            {
                try await writer.setArtistImage(artistName: artist.name, imagePath: path)
            }
        }
        // Moods, each with its playlist, and the featured volumes.
        func trackIDs(mood: String) -> [String] {
            let albums = data.albums.indices.filter { data.albums[$0].mood == mood }
            var ids: [String] = []
            for t in 0..<6 {
                for a in albums {
                    if let id = report.trackID(for: "demo:\(a + 1)/\(t + 1)") { ids.append(id) }
                }
            }
            return ids
        }
        for (position, mood) in data.moods.enumerated() {
            let playlist = try await writer.createPlaylist(
                name: mood, description: "\(mood) songs from the SoTube demo catalog.", kind: "mood",
                featured: false,
                artworkPath: nil, position: position, trackIDs: trackIDs(mood: mood))
            _ = try await writer.createMood(name: mood, playlistID: playlist, position: position)
        }
        for (position, volume) in data.volumes.enumerated() {
            let cover = try? await importer.tools.makeArtwork(
                .generated(seed: "demo-volume-\(volume.name)"),
                key: StableHash.hex("demo-volume-\(volume.name)"),
                store: importer.store)
            _ = try await writer.createPlaylist(
                name: volume.name, description: volume.description, kind: "volume", featured: true,
                artworkPath: cover,
                position: position, trackIDs: Array(trackIDs(mood: volume.mood).prefix(10)))
        }
        return Summary(
            artists: data.artists.count, albums: data.albums.count,
            songs: report.imported.count + report.updated.count,
            moods: data.moods.count, volumes: data.volumes.count,
            seconds: Date().timeIntervalSince(started),
            skipped: report.skipped)
    }

    static func wavURL(_ work: URL, _ album: Int, _ track: Int) -> URL {
        work.appendingPathComponent("a\(album)-t\(track).wav")
    }

    /// Seeds when the catalog has no song yet; returns nil when it already had some.
    public func seedIfEmpty(progress: @escaping @Sendable (ImportProgress) -> Void = { _ in })
        async throws -> Summary?
    {
        guard try await importer.writer.isCatalogEmpty() else { return nil }
        return try await seed(progress: progress)
    }
}
