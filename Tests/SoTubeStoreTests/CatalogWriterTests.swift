import Foundation
import Logging
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

@Suite struct CatalogWriterTests {
    func record(
        _ source: String, title: String, artist: String = "Artist", album: String = "Album",
        price: Int = 10
    )
        -> CatalogTrackRecord
    {
        CatalogTrackRecord(
            sourcePath: source, sourceSize: 100, sourceMtime: 5,
            metadata: TrackMetadata(
                title: title, artist: artist, album: album, trackNumber: 1, durationMs: 1000),
            mediaPath: "tracks/x/full.mp3", mediaType: "audio/mpeg", previewPath: "tracks/x/preview.m4a",
            previewType: "audio/mp4", waveform: [0, 0.5, 1], artworkPath: "artwork/a.jpg", price: price)
    }

    /// A scan writes many songs at once: songs of four new albums by one new artist, all arriving
    /// together, each get their row, and the artist and each album are created once (on PostgreSQL
    /// one writer creates each and the others, turned away, find it when they try again).
    @Test(arguments: TestEngine.enabled)
    func songsOfNewAlbumsByANewArtistWrittenAtOnceAllGetTheirRows(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let records = (0..<24).map { n in
                record("/m/\(n).mp3", title: "Song \(n)", artist: "Together", album: "Album \(n % 4)")
            }
            let written = try await withThrowingTaskGroup(of: String.self) { group in
                for record in records { group.addTask { try await writer.upsertTrack(record).trackID } }
                var ids: [String] = []
                for try await id in group { ids.append(id) }
                return ids
            }
            #expect(Set(written).count == 24)
            let tracks = try await db.catalog.tracks(ids: written)
            #expect(tracks.count == 24)
            #expect(Set(tracks.map(\.albumID)).count == 4, "each album once")
            #expect(Set(tracks.map(\.artistID)).count == 1, "the artist once")
        }
    }

    /// Songs naming the same two new artists in opposite roles (a duet on each one's album), written
    /// at once, all get their rows: on PostgreSQL each writer creates the two artists in one order,
    /// so none holds one while waiting for another that holds the other.
    @Test(arguments: TestEngine.enabled)
    func songsNamingTwoNewArtistsInOppositeRolesWrittenAtOnceAllGetTheirRows(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            let records = (0..<32).map { n in
                let (one, other) = ("Pair \(n / 2) One", "Pair \(n / 2) Other")
                var record = record("/m/\(n).mp3", title: "Duet \(n)", album: "Duets \(n % 2)")
                record.metadata.artist = n % 2 == 0 ? one : other
                record.metadata.albumArtist = n % 2 == 0 ? other : one
                return record
            }
            let written = try await withThrowingTaskGroup(of: String.self) { group in
                for record in records { group.addTask { try await writer.upsertTrack(record).trackID } }
                var ids: [String] = []
                for try await id in group { ids.append(id) }
                return ids
            }
            let tracks = try await db.catalog.tracks(ids: written)
            #expect(tracks.count == 32)
            #expect(Set(tracks.map(\.artistID)).count == 32, "two artists a pair, each once")
        }
    }

    @Test func upsertsBySourcePathAndSharesArtistsAndAlbums() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sotube-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await SoTubeDatabase.open(
            DatabaseSettings(location: directory.appendingPathComponent("db.sqlite").path), now: Date(),
            logger: Logger(label: "t") { _ in SwiftLogNoOpLogHandler() })
        let writer = database.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
        #expect(try await writer.isCatalogEmpty())
        let first = try await writer.upsertTrack(record("/m/a.mp3", title: "One", price: 10))
        let second = try await writer.upsertTrack(
            record("/m/b.mp3", title: "Two", artist: "ARTIST ", price: 6))
        let again = try await writer.upsertTrack(record("/m/a.mp3", title: "One (remaster)", price: 10))
        #expect(first.outcome == .created && second.outcome == .created)
        #expect(again.outcome == .updated && again.trackID == first.trackID)
        #expect(!(try await writer.isCatalogEmpty()))
        let known = try #require(try await writer.knownSource(path: "/m/a.mp3"))
        #expect(known.trackID == first.trackID && known.size == 100 && known.mtime == 5)
        #expect(try await writer.knownSource(path: "/m/zzz.mp3") == nil)
        try await writer.finishImport()
        let playlist = try await writer.createPlaylist(
            name: "Chill", description: "", kind: "mood", featured: false, artworkPath: nil, position: 0,
            trackIDs: [second.trackID, first.trackID])
        _ = try await writer.createMood(name: "Chill", playlistID: playlist, position: 0)
        let lookup = database.media
        #expect(try await lookup.trackFiles(id: first.trackID)?.previewPath == "tracks/x/preview.m4a")
        #expect(try await lookup.playlistArtwork(id: playlist) == .some("artwork/a.jpg"))
        #expect(try await lookup.albumArtwork(id: "missing") == nil)
        await database.shutdown()
    }
}
