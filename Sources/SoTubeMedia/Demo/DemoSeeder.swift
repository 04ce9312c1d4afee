import Foundation
import Logging
import SoTubeCore

/// Seeds the demo catalog: writes every song's row at once (metadata, prices, lyrics, bios, generated
/// covers, moods, featured volumes, artist pictures), each "being prepared", and leaves their audio
/// to the media jobs, which synthesise each song (deterministically, no network) and make its MP3,
/// preview and waveform. With `waitsForJobs` (`sotube demo`) it returns when they are done.
public struct DemoSeeder: Sendable {
    public var importer: MediaImporter
    /// Called once every song's row is written, before the moods and volumes (e.g. to index them
    /// for search at once).
    public var rowsWritten: @Sendable () async -> Void = {}

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
        /// The seeded songs, in catalog order (their jobs make their audio).
        public var trackIDs: [String] = []
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
                item.probe = DemoSongSource.probe(seconds: DemoSongSource.seconds(album: a, track: t))
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
        // The rows (and the album covers) first, several at once: nothing waits for audio. The
        // artists' and volumes' pictures are made meanwhile.
        var scan = importer
        scan.waitsForJobs = false
        scan.concurrency = max(importer.concurrency, Self.pictureConcurrency)
        scan.picturesWithRows = true  // the covers show at once while the songs are prepared
        async let pictures = makePictures()
        let report = try await scan.importItems(items, progress: progress)
        await rowsWritten()
        let (artistPictures, volumeCovers) = await pictures
        let writer = importer.writer
        for (name, path) in artistPictures {
            try await writer.setArtistImage(artistName: name, imagePath: path)
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
            _ = try await writer.createPlaylist(
                name: volume.name, description: volume.description, kind: "volume", featured: true,
                artworkPath: volumeCovers[volume.name],
                position: position, trackIDs: Array(trackIDs(mood: volume.mood).prefix(10)))
        }
        // In song order: the first albums' songs are made first.
        let songIDs = items.compactMap { report.trackID(for: $0.sourceKey) }
        var skipped = report.skipped
        if importer.waitsForJobs {
            try await importer.runJobs(trackIDs: songIDs, progress: progress)
            let titles = Dictionary(
                zip(songIDs, items.filter { report.trackID(for: $0.sourceKey) != nil }.map(\.sourceKey)),
                uniquingKeysWith: { a, _ in a })
            for job in try await importer.queue.failedJobs(limit: 100_000) where titles[job.trackID] != nil {
                skipped.append(
                    SkippedFile(
                        path: titles[job.trackID] ?? job.trackID,
                        reason: "\(job.kind.rawValue): \(job.lastError ?? "failed")"))
            }
        }
        return Summary(
            artists: data.artists.count, albums: data.albums.count,
            songs: report.imported.count + report.updated.count,
            moods: data.moods.count, volumes: data.volumes.count,
            seconds: Date().timeIntervalSince(started),
            skipped: skipped, trackIDs: songIDs)
    }

    /// Covers made at once while seeding: ffmpeg spends most of a cover's time starting up, so a
    /// few at a time make them in a fraction of the time on two cores.
    static let pictureConcurrency = 6

    /// The artists' pictures (by name) and the volumes' covers (by volume name), made a few at a time.
    func makePictures() async -> (artists: [(String, String)], volumes: [String: String]) {
        enum Picture: Sendable {
            case artist(String)
            case volume(String)
        }
        let wanted =
            DemoCatalogData.artists.map { Picture.artist($0.name) } + DemoCatalogData.volumes.map { .volume($0.name) }
        let tools = importer.tools
        let store = importer.store
        var artists: [String: String] = [:]
        var volumes: [String: String] = [:]
        await withTaskGroup(of: (Picture, String?).self) { group in
            var next = 0
            func launch() {
                let picture = wanted[next]
                next += 1
                group.addTask {
                    let seed: String
                    switch picture {
                    case .artist(let name): seed = "demo-artist-\(name)"
                    case .volume(let name): seed = "demo-volume-\(name)"
                    }
                    let path = try? await tools.makeArtwork(
                        .generated(seed: seed), key: StableHash.hex(seed), store: store)
                    return (picture, path)
                }
            }
            while next < wanted.count && next < Self.pictureConcurrency { launch() }
            while let (picture, path) = await group.next() {
                if let path {
                    switch picture {
                    case .artist(let name): artists[name] = path
                    case .volume(let name): volumes[name] = path
                    }
                }
                if next < wanted.count { launch() }
            }
        }
        // In the catalog's order, as before.
        let ordered = DemoCatalogData.artists.compactMap { artist in artists[artist.name].map { (artist.name, $0) } }
        return (ordered, volumes)
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
