import Foundation
import Logging
import SoTubeCore

/// The result of an import: counts and every skip with its reason.
public struct ImportReport: Sendable {
    public var imported: [String: String] = [:]  // source key → track id
    public var updated: [String: String] = [:]
    public var unchanged: [String] = []
    public var skipped: [SkippedFile] = []
    /// Songs whose media job failed for good (when the import waited for its jobs), with the reason.
    public var failedJobs: [SkippedFile] = []
    /// Jobs still queued or running when the import returned (it did not wait).
    public var pendingJobs = 0
    public var seconds: Double = 0
    public init() {}

    /// Track IDs in the order of `keys`.
    public func trackID(for key: String) -> String? { imported[key] ?? updated[key] }
}

public struct ImportProgress: Sendable {
    public enum Phase: String, Sendable { case scan, jobs }
    public var done: Int
    public var total: Int
    public var current: String
    public var phase: Phase = .scan
    public init(done: Int, total: Int, current: String, phase: Phase = .scan) {
        self.done = done
        self.total = total
        self.current = current
        self.phase = phase
    }
}

/// Imports audio files into the catalog in two stages. The scan (stat, probe, tags or the path
/// fallback) writes each song's row and never starts an ffmpeg; the heavy work (the album's picture,
/// preview, full-song rendition, waveform, loudness) becomes jobs in the database's queue, done by
/// `MediaWorker`s. A new song is on sale once its renditions job has made its preview. The importer
/// waits for its jobs (running `concurrency` workers itself) unless `waitsForJobs` is false.
public struct MediaImporter: Sendable {
    public var tools: MediaTools
    public var writer: any CatalogWriting
    public var queue: any MediaJobQueue
    /// The data directory's media folder (the local store's root unless `store` says otherwise).
    public var mediaRoot: URL
    /// Where renditions, previews and artwork are published (`MediaStore`).
    public var store: any MediaStore
    public var policy: PreviewPolicy
    public var concurrency: Int
    public var logger: Logger
    public var clock: any SoTubeClock
    public var rules = MediaJobRules()
    /// Whether `importItems` returns only when the jobs of its songs are done or failed.
    public var waitsForJobs = true
    /// Whether a transcoded song keeps its imported file for downloads (`OriginalFile`); the demo
    /// catalog's synthesized WAVs are not worth keeping.
    public var keepsOriginals = true
    /// Whether the scan makes each album's picture before writing its songs' rows (the demo catalog,
    /// whose covers show at once while its songs are prepared, and an artist's published release)
    /// instead of queueing an artwork job with the album's first song. A picture is an ffmpeg, about
    /// 0.1 s of CPU to start, where a song's probe and rows cost about a millisecond.
    public var picturesWithRows = false
    /// Given to each worker: called when it runs out of jobs after doing some.
    public var afterWork: (@Sendable () -> Void)?

    public init(
        tools: MediaTools = MediaTools(), writer: any CatalogWriting, queue: any MediaJobQueue, mediaRoot: URL,
        store: (any MediaStore)? = nil, policy: PreviewPolicy = .init(),
        concurrency: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        clock: any SoTubeClock = SystemClock(),
        logger: Logger = Logger(label: "import")
    ) {
        self.tools = tools
        self.writer = writer
        self.queue = queue
        self.mediaRoot = mediaRoot
        self.store = store ?? LocalMediaStore(root: mediaRoot)
        self.policy = policy
        self.concurrency = concurrency
        self.clock = clock
        self.logger = logger
    }

    /// A worker doing jobs into this importer's media folder.
    public func worker(workerID: String = MediaWorker.defaultWorkerID()) -> MediaWorker {
        var worker = MediaWorker(
            queue: queue, writer: writer, tools: tools, store: store, rules: rules, clock: clock,
            workerID: workerID, logger: logger)
        worker.afterWork = afterWork
        return worker
    }

    /// Imports every audio file under `root`.
    public func importFolder(
        _ root: URL, progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws
        -> ImportReport
    {
        let (items, skipped) = try FolderScanner.scan(root)
        var report = try await importItems(items, progress: progress)
        report.skipped = skipped + report.skipped
        return report
    }

    enum Outcome: Sendable {
        case created(String, String)
        case updated(String, String)
        /// With the track id when a job was queued for it all the same (its loudness).
        case unchanged(String, queued: String?)
        case skipped(SkippedFile)
    }

    /// Files the scan has in hand per worker. With `picturesWithRows` a file waits while its album's
    /// picture is made; the others go on, and the next albums' pictures are made beside it only if
    /// their files are in hand too: albums run to 10–20 songs, so many more than that.
    static let filesInHandPerWorker = 32

    /// Imports `items` with `concurrency` × `filesInHandPerWorker` in hand, at most `concurrency`
    /// album pictures made (`picturesWithRows`) and `concurrency` × 2 files probed at once; never
    /// throws for one bad file.
    public func importItems(
        _ items: [ImportItem], progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    )
        async throws -> ImportReport
    {
        let started = Date()
        guard tools.available else {
            throw MediaToolError("ffmpeg/ffprobe not found: install Debian's ffmpeg")
        }
        try FileManager.default.createDirectory(at: mediaRoot, withIntermediateDirectories: true)
        let art = AlbumArtCache(limit: max(1, concurrency))
        let albums = AlbumsSeen()
        let probes = Turns(limit: max(1, concurrency) * 2)  // an unusual format's probe is an ffprobe
        var report = ImportReport()
        var requeued: [String] = []
        var done = 0
        progress(ImportProgress(done: 0, total: items.count, current: ""))
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var next = 0
            func launch() {
                let item = items[next]
                next += 1
                group.addTask { await self.process(item, art: art, albums: albums, probes: probes) }
            }
            while next < items.count && next < max(1, concurrency) * Self.filesInHandPerWorker { launch() }
            while let outcome = try await group.next() {
                done += 1
                var name = ""
                switch outcome {
                case .created(let key, let id):
                    report.imported[key] = id
                    name = key
                case .updated(let key, let id):
                    report.updated[key] = id
                    name = key
                case .unchanged(let key, let queued):
                    report.unchanged.append(key)
                    if let queued { requeued.append(queued) }
                    name = key
                case .skipped(let skip):
                    report.skipped.append(skip)
                    name = skip.path
                }
                progress(ImportProgress(done: done, total: items.count, current: name))
                if next < items.count { launch() }
            }
        }
        try await writer.finishImport()
        let trackIDs = Array(report.imported.values) + Array(report.updated.values) + requeued
        if waitsForJobs {
            try await runJobs(trackIDs: trackIDs, progress: progress)
            let keys = Dictionary(
                (report.imported.map { ($1, $0) } + report.updated.map { ($1, $0) }), uniquingKeysWith: { a, _ in a })
            for job in try await queue.failedJobs(limit: 100_000) where keys[job.trackID] != nil {
                report.failedJobs.append(
                    SkippedFile(
                        path: keys[job.trackID] ?? job.trackID,
                        reason: "\(job.kind.rawValue): \(job.lastError ?? "failed")"))
            }
        } else {
            report.pendingJobs = try await queue.counts(trackIDs: trackIDs).pending
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// Runs `concurrency` workers in this process until no job of `trackIDs` is queued or running
    /// (other processes' workers may take some of them too), reporting progress.
    public func runJobs(
        trackIDs: [String], progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws {
        let first = try await queue.counts(trackIDs: trackIDs)
        guard first.pending > 0 else { return }
        let finished = FinishedFlag()
        let workers = (0..<max(1, concurrency)).map { _ in worker() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in workers {
                group.addTask { await worker.run(idleSeconds: 0.2) { finished.isSet } }
            }
            group.addTask {
                defer { finished.set() }
                while true {
                    let counts = try await queue.counts(trackIDs: trackIDs)
                    progress(
                        ImportProgress(
                            done: counts.done + counts.failed, total: counts.total, current: "", phase: .jobs))
                    if counts.pending == 0 { return }
                    try await Task.sleep(nanoseconds: 250_000_000)
                }
            }
            try await group.waitForAll()
        }
    }

    func process(_ item: ImportItem, art: AlbumArtCache, albums: AlbumsSeen, probes: Turns) async -> Outcome {
        do {
            var stat: (size: Int, mtime: Int)
            if item.probe != nil {
                stat = (0, 0)  // made later by its job
            } else {
                guard let found = FolderScanner.stat(item.file) else {
                    return .skipped(SkippedFile(path: item.sourceKey, reason: "cannot read the file"))
                }
                if found.size == 0 {
                    return .skipped(SkippedFile(path: item.sourceKey, reason: "empty file (0 bytes)"))
                }
                stat = found
            }
            if let stamp = item.sourceStamp { stat = (stamp.size, stamp.version) }
            let known = try await writer.knownSource(path: item.sourceKey)
            let exists =
                known.map { store.exists($0.mediaPath) && store.exists($0.previewPath) } ?? false
            let previewFits = exists ? await previewFits(known) : true
            if ImportDecision.decide(
                known: known, size: stat.size, mtime: stat.mtime, renditionsExist: exists,
                previewFits: previewFits) == .unchanged
            {
                // A song imported before loudness was measured gets its measurement now.
                if let known, !known.loudnessKnown {
                    try await queue.enqueue(
                        kind: .loudness, trackID: known.trackID, payload: payload(item).encoded(), now: clock.now())
                    return .unchanged(item.sourceKey, queued: known.trackID)
                }
                return .unchanged(item.sourceKey, queued: nil)
            }
            let probe: ProbeResult
            do {
                if let known = item.probe {
                    probe = known
                } else {
                    probe = try await probes.take { try await tools.probe(item.file.path) }
                }
            } catch let error as MediaToolError {
                return .skipped(SkippedFile(path: item.sourceKey, reason: error.message))
            }
            var metadata =
                item.metadata
                ?? TagMapping.metadata(
                    tags: probe.tags, relativePath: item.relativePath, rootName: item.rootName,
                    durationSeconds: probe.durationSeconds)
            if metadata.durationMs == 0 {
                metadata.durationMs = TagMapping.durationMs(seconds: probe.durationSeconds)
            }
            let albumKey =
                item.albumKey ?? "\(metadata.albumArtist.lowercased())\u{1F}\(metadata.album.lowercased())"
            // Worked out only for the song that makes or queues its album's picture (the folder's cover
            // image is looked for in a listing of the folder).
            let picture: @Sendable () -> AlbumPicture = {
                AlbumPicture(
                    albumKey: albumKey,
                    source: item.artwork
                        ?? (probe.hasPicture
                            ? .embedded(path: item.file.path, inputOptions: probe.inputOptions)
                            : MediaTools.folderImage(in: item.file.deletingLastPathComponent()).map {
                                .image(path: $0)
                            }
                                ?? .generated(seed: albumKey)))
            }
            let artworkPath =
                picturesWithRows
                ? await art.artwork(key: albumKey) { try? await tools.makeAlbumPicture(picture(), store: store) }
                : AlbumPicture.basePath(albumKey: albumKey)
            let folder = "tracks/\(StableHash.hex(item.sourceKey))"
            let plan = MediaTools.renditionPlan(source: item.file.path, probe: probe, folder: folder)
            var record = CatalogTrackRecord(
                sourcePath: item.sourceKey, sourceSize: stat.size, sourceMtime: stat.mtime,
                metadata: metadata,
                mediaPath: plan.mediaPath, mediaType: plan.mediaType,
                previewPath: plan.previewPath, previewType: plan.previewType, waveform: [],
                artworkPath: artworkPath,
                price: item.price, lyrics: item.lyrics, artistBio: item.artistBio,
                albumPrice: item.albumPrice)
            // A changed song whose files are still there stays on sale while its new ones are made.
            record.ready = known != nil && exists && known?.mediaPath == plan.mediaPath
            let (id, outcome) = try await writer.upsertTrack(record)
            // The album's first song written in this run queues its picture's job, beside the song's own
            // jobs: a scan stopped here takes the song (and the picture) again as it takes its renditions.
            if !picturesWithRows, await albums.isFirst(albumKey) {
                var job = payload(item)
                job.albumPicture = picture()
                try await queue.enqueue(kind: .artwork, trackID: id, payload: job.encoded(), now: clock.now())
            }
            for kind in [MediaJobKind.renditions, .loudness] {
                try await queue.enqueue(kind: kind, trackID: id, payload: payload(item).encoded(), now: clock.now())
            }
            return outcome == .created ? .created(item.sourceKey, id) : .updated(item.sourceKey, id)
        } catch {
            let reason = ErrorText.of(error)
            logger.warning("import failed", metadata: ["file": "\(item.sourceKey)", "error": "\(reason)"])
            return .skipped(SkippedFile(path: item.sourceKey, reason: "error: \(reason)"))
        }
    }

    /// What a job of `item` needs to know.
    func payload(_ item: ImportItem) -> MediaJobPayload {
        MediaJobPayload(
            file: item.file.path, keepOriginal: keepsOriginals, previewSeconds: policy.seconds,
            demoSong: item.demoSong)
    }

    /// Whether the stored preview of a known song keeps to the preview rule. Only songs the rule
    /// shortens are measured (an older build cut them whole up to the preview length); an
    /// unreadable preview is cut again.
    func previewFits(_ known: KnownSource?) async -> Bool {
        guard let known else { return true }
        let duration = Double(known.durationMs) / 1000
        guard policy.isShortened(duration: duration) else { return true }
        guard let path = store.file(for: known.previewPath)?.path, let preview = try? await tools.probe(path)
        else { return false }
        return policy.previewFits(previewSeconds: preview.durationSeconds, duration: duration)
    }
}

/// Set once, read by every worker of an import: its jobs are finished.
final class FinishedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Makes each album's artwork once per run, however many of its tracks are imported at once, and
/// at most `limit` albums' at a time.
actor AlbumArtCache {
    private var tasks: [String: Task<String?, Never>] = [:]
    private let turns: Turns

    init(limit: Int) { turns = Turns(limit: limit) }

    func artwork(key: String, make: @escaping @Sendable () async -> String?) async -> String? {
        if let task = tasks[key] { return await task.value }
        let turns = self.turns
        let task = Task { await turns.take { await make() } }
        tasks[key] = task
        return await task.value
    }
}

/// The albums an import has seen: the first of an album's songs queues its picture's job.
actor AlbumsSeen {
    private var keys: Set<String> = []

    /// True for the first call with `key`.
    func isFirst(_ key: String) -> Bool { keys.insert(key).inserted }
}
