import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import Testing

/// `sotube import --watch`: a watched folder's new, changed, removed and returning files.
@Suite(.serialized) struct FolderWatchTests {
    @Test func newChangedRemovedAndReturningFilesReachTheCatalog() async throws {
        let h = try await MediaHarness.make()
        let album = h.directory.appendingPathComponent("music/Watch Band/Watch Album")
        func song(_ name: String, _ title: String, track: Int, frequency: Int) async throws -> URL {
            let url = album.appendingPathComponent(name)
            try await h.make(
                url, seconds: 6, frequency: frequency,
                tags: ["title": title, "artist": "Watch Band", "album": "Watch Album", "track": "\(track)"],
                codec: Codec.mp3)
            return url
        }
        // Whole seconds are what the watch compares: set them, as a copy or an editor would change them.
        func touch(_ url: URL, _ seconds: Double) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
        }
        let first = try await song("01.mp3", "First Light", track: 1, frequency: 300)
        let second = try await song("02.mp3", "Second Wind", track: 2, frequency: 400)
        try touch(first, 1_700_000_000)
        try touch(second, 1_700_000_000)
        let watch = FolderWatch(importer: h.importer(), root: h.directory.appendingPathComponent("music"))
        var state = FolderWatch.State()

        // The first pass takes what is there at once, and queues each song's jobs and its album's picture.
        var pass = try await watch.pass(&state)
        #expect(pass.imported == 2 && pass.withdrawn == 0 && pass.pendingJobs == 5)
        pass = try await watch.pass(&state)
        #expect(!pass.changedCatalog, "nothing changed, nothing is read again")

        // A new file and a changed one wait one pass (they may still be being written), then go in.
        let third = try await song("03.mp3", "Third Eye", track: 3, frequency: 500)
        try await h.make(
            second, seconds: 7, frequency: 450,
            tags: ["title": "Second Wind (Remaster)", "artist": "Watch Band", "album": "Watch Album", "track": "2"],
            codec: Codec.mp3)
        try touch(third, 1_700_000_100)
        try touch(second, 1_700_000_100)
        pass = try await watch.pass(&state)
        #expect(pass.imported == 0 && pass.updated == 0, "not settled yet")
        pass = try await watch.pass(&state)
        #expect(pass.imported == 1 && pass.updated == 1)
        var titles = Set(try await h.rows().map(\.title))
        #expect(titles == ["First Light", "Second Wind (Remaster)", "Third Eye"])

        // Jobs done: every song on sale and found by search.
        _ = try await h.importer().runJobs(trackIDs: try await h.rows().map(\.id))
        _ = try await h.database.searchIndex.rebuild()
        let firstID = try #require(try await h.rows().first { $0.title == "First Light" }?.id)
        #expect(try await found("first light", in: h) == [firstID])

        // A removed file: its song is withdrawn (no longer sold, out of search); its row and media stay.
        let kept = try Data(contentsOf: first)
        try FileManager.default.removeItem(at: first)
        pass = try await watch.pass(&state)
        #expect(pass.withdrawn == 1 && pass.imported == 0)
        _ = try await h.database.searchIndex.rebuild()
        var track = try #require(try await h.database.catalog.tracks(ids: [firstID]).first)
        #expect(track.withdrawn && track.ready)
        #expect(try await found("first light", in: h).isEmpty)
        titles = Set(try await h.rows().map(\.title))
        #expect(titles.contains("First Light"), "the owners' song is still in the catalog")
        let media = try #require(try await h.rows().first { $0.id == firstID })
        #expect(FileManager.default.fileExists(atPath: h.mediaRoot.appendingPathComponent(media.mediaPath).path))
        let others = try await h.database.catalog.tracks(ids: try await h.rows().map(\.id)).filter { $0.id != firstID }
        #expect(others.allSatisfy { !$0.withdrawn })

        // The same file back: on sale again under the same ID, nothing imported twice.
        try kept.write(to: first)
        try touch(first, 1_700_000_000)
        pass = try await watch.pass(&state)
        #expect(pass.restored == 1)
        pass = try await watch.pass(&state)
        #expect(pass.imported == 0 && pass.updated == 0, "unchanged: \(pass)")
        track = try #require(try await h.database.catalog.tracks(ids: [firstID]).first)
        #expect(!track.withdrawn)
        #expect(try await h.count("SELECT COUNT(*) AS n FROM tracks") == 3)
        _ = try await h.database.searchIndex.rebuild()
        #expect(try await found("first light", in: h) == [firstID])
        await h.close()
    }

    @Test func aWatchOnlyWithdrawsSongsOfItsOwnFolder() async throws {
        let h = try await MediaHarness.make()
        let other = h.directory.appendingPathComponent("music-more/a.mp3")
        try await h.make(other, seconds: 5, tags: ["title": "Elsewhere"], codec: Codec.mp3)
        _ = try await h.importer().importFolder(other.deletingLastPathComponent())
        // A sibling folder whose name starts the same is not inside the watched one.
        let watched = h.directory.appendingPathComponent("music")
        try FileManager.default.createDirectory(at: watched, withIntermediateDirectories: true)
        var state = FolderWatch.State()
        let pass = try await FolderWatch(importer: h.importer(), root: watched).pass(&state)
        #expect(pass.withdrawn == 0)
        let all = try await h.database.catalog.tracks(ids: try await h.rows().map(\.id))
        #expect(all.count == 1 && all.allSatisfy { !$0.withdrawn })
        await h.close()
    }

    func found(_ text: String, in h: MediaHarness) async throws -> [String] {
        try await h.database.search.search(
            SearchQuery(text), allowExplicit: true, limit: 10, offset: 0, kinds: [.track]
        ).trackIDs
    }
}
