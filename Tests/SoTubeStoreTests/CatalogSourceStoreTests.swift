import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Catalog sources on every SQL engine: one process at a time syncs a source, the last sync's summary
/// is kept, and the songs a source brought are found by their keys.
@Suite struct CatalogSourceStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func source(_ name: String) -> CatalogSourceRecord {
        CatalogSourceRecord(
            name: name, kind: "subsonic", url: "https://music.example.com", username: "bob", auth: .password,
            sealedSecret: [1, 2, 3, 250], price: 12, parallel: 2, everySeconds: 900, createdAt: Self.now)
    }

    @Test(arguments: TestEngine.enabled)
    func aSourceIsKeptWithItsLastSyncAndRemoved(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.catalogSources
            try await store.add(source("home"))
            await #expect(throws: DomainError.self) { try await store.add(source("home")) }
            #expect(try await store.source(named: "home") == source("home"))
            var summary = SourceSyncSummary(status: .done, startedAt: Self.now)
            summary.finishedAt = Self.now.addingTimeInterval(42)
            summary.songs = 1000
            summary.bytes = 5_000_000_000
            summary.message = "Кино – 1: the file is missing upstream"
            try await store.recordSync(name: "home", summary: summary)
            #expect(try await store.source(named: "home")?.lastSync == summary)
            try await store.add(source("away"))
            #expect(try await store.sources().map(\.name) == ["away", "home"])
            #expect(try await store.remove(named: "home"))
            #expect(try await !store.remove(named: "home"))
            #expect(try await store.source(named: "home") == nil)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func oneHolderAtATimeSyncsASource(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.catalogSources
            try await store.add(source("home"))
            let until = Self.now.addingTimeInterval(60)
            let winners = try await withThrowingTaskGroup(of: String?.self) { group in
                for holder in 0..<8 {
                    group.addTask {
                        try await store.claim(
                            name: "home", holder: "h:\(holder)", until: until, now: Self.now, takingOver: nil)
                            ? "h:\(holder)" : nil
                    }
                }
                return try await group.reduce(into: [String]()) { if let won = $1 { $0.append(won) } }
            }
            #expect(winners.count == 1)
            let holder = try #require(winners.first)
            #expect(try await store.holder(name: "home")?.holder == holder)
            // The holder renews; another waits for the lease to run out, or takes over a holder known gone.
            #expect(try await store.claim(name: "home", holder: holder, until: until, now: Self.now, takingOver: nil))
            #expect(try await !store.claim(name: "home", holder: "other", until: until, now: Self.now, takingOver: nil))
            #expect(
                try await store.claim(
                    name: "home", holder: "other", until: until, now: Self.now, takingOver: holder))
            #expect(
                try await store.claim(
                    name: "home", holder: "third", until: until, now: until.addingTimeInterval(1), takingOver: nil))
            try await store.release(name: "home", holder: "other")  // not the holder: nothing
            #expect(try await store.holder(name: "home")?.holder == "third")
            try await store.release(name: "home", holder: "third")
            #expect(try await store.holder(name: "home") == nil)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func aSourcesSongsAreFoundByTheirKeysAndNoOtherSources(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let writer = db.catalogWriter(ids: SequentialIDSource(prefix: "w"), clock: ManualClock())
            for (path, size, version) in [
                ("source:home/1", 100, 7), ("source:home/2", 200, 8), ("source:homes/1", 300, 9),
                ("/music/1.mp3", 1, 1),
            ] {
                _ = try await writer.upsertTrack(
                    CatalogTrackRecord(
                        sourcePath: path, sourceSize: size, sourceMtime: version,
                        metadata: TrackMetadata(title: path, artist: "A", album: "B", durationMs: 1000),
                        mediaPath: "m", mediaType: "audio/mpeg", previewPath: "p", previewType: "audio/mpeg",
                        waveform: [], artworkPath: nil))
            }
            #expect(
                try await db.catalogSources.knownSongs(prefix: "source:home") == [
                    "source:home/1": SourceStamp(size: 100, version: 7),
                    "source:home/2": SourceStamp(size: 200, version: 8),
                ])
        }
    }
}
