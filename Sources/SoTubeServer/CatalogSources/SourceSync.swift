import Foundation
import Logging
import SoTubeCore
import SoTubeMedia

/// How far a sync has got.
public struct SourceSyncProgress: Sendable {
    public enum Phase: String, Sendable { case listing, fetching, jobs }
    public var phase: Phase
    public var done: Int
    public var total: Int
    public var bytes: Int
    public init(phase: Phase, done: Int, total: Int, bytes: Int = 0) {
        self.phase = phase
        self.done = done
        self.total = total
        self.bytes = bytes
    }
}

/// What one sync did: the summary kept with the source, the songs it could not take, and the tracks
/// it queued media jobs for.
public struct SourceSyncResult: Sendable {
    public var summary: SourceSyncSummary
    public var problems: [SkippedFile] = []
    public var trackIDs: [String] = []
    /// Songs new or changed upstream that this sync could not fetch or import (the next one tries again).
    public var notTaken = 0
    /// The songs this sync downloaded and imported (their files go once their media jobs are done).
    public var fetchedSongs: [RemoteSong] = []
}

/// One sync of a source: list its library, fetch what is new or changed (`parallel` downloads at once,
/// each file written whole before it is used), import it through the media importer (jobs queued as
/// with a folder import), then withdraw the songs the source no longer lists and put back those it
/// lists again. Nothing is kept in memory between runs: a sync cut off anywhere is run again from the
/// start, and finds what the last one imported unchanged and what it downloaded already on disk.
public struct SourceSync: Sendable {
    public var name: String
    public var adapter: any CatalogSourceAdapter
    public var importer: MediaImporter
    public var store: any CatalogSourceStore
    /// Where the source's files are kept (`DATA/sources/NAME`).
    public var folder: URL
    public var parallel: Int
    public var price: Int
    public var logger: Logger
    /// Songs imported at once (one catalog write batch).
    var batchSize = 16
    /// Downloads failing in a row, the upstream unreachable each time, that end the sync.
    var failuresBeforeGivingUp = 6

    public init(
        name: String, adapter: any CatalogSourceAdapter, importer: MediaImporter, store: any CatalogSourceStore,
        folder: URL, parallel: Int, price: Int, logger: Logger
    ) {
        var importer = importer
        importer.waitsForJobs = false
        self.name = name
        self.adapter = adapter
        self.importer = importer
        self.store = store
        self.folder = folder
        self.parallel = max(1, parallel)
        self.price = price
        self.logger = logger
    }

    public func run(progress: @escaping @Sendable (SourceSyncProgress) -> Void = { _ in }) async throws
        -> SourceSyncResult
    {
        var summary = SourceSyncSummary(status: .running, startedAt: importer.clock.now())
        try await adapter.checkAccess()
        let listing = try await adapter.listing { listed in
            progress(SourceSyncProgress(phase: .listing, done: listed.albumsRead, total: listed.albumsListed))
        }
        let prefix = SourceSyncPlan.keyPrefix(source: name)
        let plan = SourceSyncPlan.make(
            source: name, songs: listing.songs, known: try await store.knownSongs(prefix: prefix))
        summary.songs = plan.present.count
        summary.albums = listing.albumCount
        summary.unchanged = plan.unchanged
        var result = SourceSyncResult(summary: summary)
        result.problems = plan.skipped.map { SkippedFile(path: Self.label($0.song), reason: $0.reason) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("files"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("covers"), withIntermediateDirectories: true)
        // Files of unchanged songs whose media jobs are done (an earlier sync that did not wait for them).
        let fetching = Set(plan.fetch.map(\.id))
        await downloads.prune(listing.songs.filter { !fetching.contains($0.id) && $0.size >= 0 })
        try await fetchAndImport(plan.fetch, into: &result, progress: progress)
        let changes = try await importer.writer.reconcileFolder(prefix, present: plan.present)
        result.summary.withdrawn = changes.withdrawn.count
        result.summary.restored = changes.restored.count
        result.summary.errors = result.problems.count
        result.summary.message = result.problems.first.map { "\($0.path): \($0.reason)" }
        result.summary.status = .done
        result.summary.finishedAt = importer.clock.now()
        return result
    }

    /// What a download hands to the import.
    enum Fetched: Sendable {
        case item(ImportItem, RemoteSong, bytes: Int)
        case failed(SkippedFile, SourceError?)
    }

    func fetchAndImport(
        _ songs: [RemoteSong], into result: inout SourceSyncResult,
        progress: @escaping @Sendable (SourceSyncProgress) -> Void
    ) async throws {
        let covers = CoverCache()
        var batch: [ImportItem] = []
        var done = 0
        var bytes = 0
        var failingInARow = 0
        progress(SourceSyncProgress(phase: .fetching, done: 0, total: songs.count))
        try await withThrowingTaskGroup(of: Fetched.self) { group in
            var next = 0
            func launch() {
                let song = songs[next]
                next += 1
                group.addTask { await self.fetch(song, covers: covers) }
            }
            while next < songs.count && next < parallel { launch() }
            while let fetched = try await group.next() {
                done += 1
                switch fetched {
                case .item(let item, let song, let size):
                    batch.append(item)
                    result.fetchedSongs.append(song)
                    bytes += size
                    failingInARow = 0
                case .failed(let problem, let error):
                    result.problems.append(problem)
                    result.notTaken += 1
                    failingInARow = error?.kind == .unavailable ? failingInARow + 1 : 0
                    if error?.kind == .refused || failingInARow >= failuresBeforeGivingUp {
                        group.cancelAll()
                        throw error ?? SourceError(.unavailable, problem.reason)
                    }
                }
                if batch.count >= batchSize {
                    try await importBatch(&batch, into: &result)
                }
                progress(SourceSyncProgress(phase: .fetching, done: done, total: songs.count, bytes: bytes))
                if next < songs.count { launch() }
            }
        }
        if !batch.isEmpty { try await importBatch(&batch, into: &result) }
        result.summary.bytes = bytes
    }

    func importBatch(_ batch: inout [ImportItem], into result: inout SourceSyncResult) async throws {
        let report = try await importer.importItems(batch)
        result.summary.fetched += report.imported.count + report.updated.count + report.unchanged.count
        result.trackIDs += Array(report.imported.values) + Array(report.updated.values)
        result.problems += report.skipped
        result.notTaken += report.skipped.count
        batch.removeAll()
    }

    /// Downloads one song (unless a whole copy is here already) and its album's cover.
    func fetch(_ song: RemoteSong, covers: CoverCache) async -> Fetched {
        let file = downloads.file(of: song)
        var size = 0
        do {
            if !Self.isWholeCopy(file, of: song) {
                size = try await adapter.fetchAudio(song, to: file.path)
            }
        } catch {
            let sourceError = error as? SourceError
            return .failed(
                SkippedFile(path: Self.label(song), reason: sourceError?.message ?? ErrorText.of(error)), sourceError)
        }
        var cover: String?
        if let coverID = song.coverArtID {
            let path = folder.appendingPathComponent("covers").appendingPathComponent(StableHash.hex(coverID)).path
            cover = await covers.cover(id: coverID) {
                if FileManager.default.fileExists(atPath: path) { return path }
                return (try? await adapter.fetchCover(id: coverID, to: path)) == true ? path : nil
            }
        }
        var item = ImportItem(
            file: file, sourceKey: SourceSyncPlan.sourceKey(source: name, songID: song.id),
            relativePath: [song.albumArtist, song.album, file.lastPathComponent], rootName: name)
        item.metadata = song.metadata
        item.artwork = cover.map { .image(path: $0) }
        item.albumKey = "\(SourceSyncPlan.keyPrefix(source: name))/album/\(song.albumID)"
        item.price = price
        item.sourceStamp = SourceStamp(size: song.size, version: song.version)
        return .item(item, song, bytes: size)
    }

    /// The source's downloads folder.
    var downloads: SourceDownloads {
        SourceDownloads(name: name, folder: folder, writer: importer.writer, queue: importer.queue)
    }

    /// `files/<hash of the id>.<suffix>`: the upstream's id may hold any character.
    static func fileName(_ song: RemoteSong) -> String {
        let suffix = song.suffix.lowercased()
        let safe =
            !suffix.isEmpty && suffix.count <= 8 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return StableHash.hex(song.id) + "." + (safe ? suffix : "audio")
    }

    /// A file downloaded by an earlier (maybe cut off) sync, whole: its size is the upstream's.
    static func isWholeCopy(_ file: URL, of song: RemoteSong) -> Bool {
        guard song.size > 0, let stat = FolderScanner.stat(file) else { return false }
        return stat.size == song.size
    }

    static func label(_ song: RemoteSong) -> String { "\(song.artist) – \(song.album) – \(song.title) (\(song.id))" }
}

/// Fetches each album's cover once per sync, however many of its songs are downloaded at once.
actor CoverCache {
    private var tasks: [String: Task<String?, Never>] = [:]

    func cover(id: String, make: @escaping @Sendable () async -> String?) async -> String? {
        if let task = tasks[id] { return await task.value }
        let task = Task { await make() }
        tasks[id] = task
        return await task.value
    }
}

/// Where a source's songs are downloaded (`DATA/sources/NAME/files`), and their clean-up.
public struct SourceDownloads: Sendable {
    public var name: String
    public var folder: URL
    public var writer: any CatalogWriting
    public var queue: any MediaJobQueue

    public init(name: String, folder: URL, writer: any CatalogWriting, queue: any MediaJobQueue) {
        self.name = name
        self.folder = folder
        self.writer = writer
        self.queue = queue
    }

    /// Where a song's file is downloaded to.
    func file(of song: RemoteSong) -> URL {
        folder.appendingPathComponent("files").appendingPathComponent(SourceSync.fileName(song))
    }

    /// Deletes the downloaded files of `songs` whose media jobs are all done: the store made its own
    /// copies under media/ (the rendition, the original), so a source takes its library's size once.
    /// A file whose song is not in the catalog yet (a sync cut off before its import) is kept for the next.
    public func prune(_ songs: [RemoteSong]) async {
        for song in songs {
            let file = file(of: song)
            guard FileManager.default.fileExists(atPath: file.path),
                let known = try? await writer.knownSource(
                    path: SourceSyncPlan.sourceKey(source: name, songID: song.id)),
                let counts = try? await queue.counts(trackIDs: [known.trackID]), counts.pending == 0
            else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }
}
