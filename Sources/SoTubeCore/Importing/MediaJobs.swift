import Foundation

/// The heavy work on a song, done after the scan by workers taking jobs from a queue in the database.
public enum MediaJobKind: String, Sendable, CaseIterable, Codable {
    /// An album's picture in its five sizes, queued with the first of its songs an import writes.
    case artwork
    /// Preview cut, the browser rendition where the source needs one, and waveform peaks (one decode).
    /// A source browsers play as it is (FLAC, Ogg, WAV) goes on sale with its preview, played in full
    /// from its imported file until its `full` job has made the MP3 that plays everywhere.
    case renditions
    /// The MP3 of a song put on sale with its imported file, queued by its renditions job.
    case full
    /// EBU R128 integrated loudness and true peak.
    case loudness
}

public enum MediaJobState: String, Sendable, CaseIterable, Codable {
    case queued, running, done, failed
}

/// What a worker needs besides the track: the file to read (the demo's synthesized WAVs are not at
/// `tracks.source_path`), whether a transcoded source is kept for downloads, and the preview length;
/// for an artwork job, the album's picture.
public struct MediaJobPayload: Sendable, Equatable, Codable {
    public var file: String
    public var keepOriginal: Bool
    public var previewSeconds: Int
    /// A demo song ("album/track", from 0) that the job synthesises itself when `file` is not there:
    /// the demo catalog's rows are written at once and its audio is made by the jobs.
    public var demoSong: String?
    /// An artwork job's album and where its picture comes from.
    public var albumPicture: AlbumPicture?

    public init(
        file: String, keepOriginal: Bool, previewSeconds: Int, demoSong: String? = nil,
        albumPicture: AlbumPicture? = nil
    ) {
        self.file = file
        self.keepOriginal = keepOriginal
        self.previewSeconds = previewSeconds
        self.demoSong = demoSong
        self.albumPicture = albumPicture
    }

    public func encoded() -> String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }

    public static func decode(_ text: String) -> MediaJobPayload? {
        try? JSONDecoder().decode(MediaJobPayload.self, from: Data(text.utf8))
    }
}

/// One job as the queue holds it. Times are epoch milliseconds.
public struct MediaJob: Sendable, Equatable {
    public var id: String
    public var kind: MediaJobKind
    public var trackID: String
    public var state: MediaJobState
    /// Runs started so far (a claim counts one, whether the run ends or its worker dies).
    public var attempts: Int
    public var lastError: String?
    public var leaseUntil: Int64?
    public var workerID: String?
    public var payload: String
    public var runAfter: Int64
    public var createdAt: Int64
    public var updatedAt: Int64

    public init(
        id: String, kind: MediaJobKind, trackID: String, state: MediaJobState, attempts: Int,
        lastError: String?, leaseUntil: Int64?, workerID: String?, payload: String, runAfter: Int64,
        createdAt: Int64, updatedAt: Int64
    ) {
        self.id = id
        self.kind = kind
        self.trackID = trackID
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.leaseUntil = leaseUntil
        self.workerID = workerID
        self.payload = payload
        self.runAfter = runAfter
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Jobs per state.
public struct MediaJobCounts: Sendable, Equatable {
    public var queued = 0
    public var running = 0
    public var done = 0
    public var failed = 0
    public init(queued: Int = 0, running: Int = 0, done: Int = 0, failed: Int = 0) {
        self.queued = queued
        self.running = running
        self.done = done
        self.failed = failed
    }
    /// Jobs not finished one way or the other.
    public var pending: Int { queued + running }
    public var total: Int { queued + running + done + failed }
}

/// The queue's rules, without I/O: when a job may be claimed, how long a lease lasts, what a failure
/// leads to (another try after a growing wait, or `failed` for good after `maxAttempts` runs).
public struct MediaJobRules: Sendable, Equatable {
    public var maxAttempts: Int
    /// A running job whose lease ends without renewal is taken again (its worker died).
    public var leaseSeconds: Double
    /// Wait before the second run; doubled for each further one, at most `maxBackoffSeconds`.
    public var backoffSeconds: Double
    public var maxBackoffSeconds: Double

    public init(
        maxAttempts: Int = 3, leaseSeconds: Double = 60, backoffSeconds: Double = 2, maxBackoffSeconds: Double = 300
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.leaseSeconds = max(1, leaseSeconds)
        self.backoffSeconds = max(0, backoffSeconds)
        self.maxBackoffSeconds = max(self.backoffSeconds, maxBackoffSeconds)
    }

    /// Whether a worker may take `job` at `now`: queued and due, or running with its lease over.
    public func isClaimable(_ job: MediaJob, now: Date) -> Bool {
        let ms = now.epochMillis
        switch job.state {
        case .queued: return job.runAfter <= ms
        case .running: return (job.leaseUntil ?? 0) < ms
        case .done, .failed: return false
        }
    }

    /// The end of a lease taken or renewed at `now`.
    public func leaseEnd(now: Date) -> Int64 { (now + leaseSeconds).epochMillis }

    /// The wait before run `attempts + 1` after `attempts` runs.
    public func backoff(afterAttempts attempts: Int) -> Double {
        guard attempts > 0 else { return 0 }
        let factor = pow(2, Double(min(attempts - 1, 20)))
        return min(maxBackoffSeconds, backoffSeconds * factor)
    }

    /// What a failed run (the `attempts`-th) leads to.
    public func afterFailure(attempts: Int, now: Date) -> (state: MediaJobState, runAfter: Int64) {
        if attempts >= maxAttempts { return (.failed, now.epochMillis) }
        return (.queued, (now + backoff(afterAttempts: attempts)).epochMillis)
    }

    /// Whether a job just claimed for its `attempts`-th run has had too many already (its earlier
    /// workers died holding it): it is failed instead of run again.
    public func isExhausted(attempts: Int) -> Bool { attempts > maxAttempts }

    /// Legal moves between states: queue → run → done/failed/queued (retry); a lapsed lease is
    /// taken again (running → running); an operator's retry puts a failed or done job back.
    public static func canMove(from: MediaJobState, to: MediaJobState) -> Bool {
        switch (from, to) {
        case (.queued, .running), (.running, .running), (.running, .done), (.running, .failed),
            (.running, .queued), (.failed, .queued), (.done, .queued):
            return true
        default: return false
        }
    }
}

/// The durable job queue: implemented on SQL by `SQLMediaJobQueue`. Claims are atomic: two workers
/// never hold the same job at once (PostgreSQL `FOR UPDATE SKIP LOCKED`; SQLite's single writer).
public protocol MediaJobQueue: Sendable {
    /// Queues `kind` for `trackID` (one job per kind and track): a finished or failed job is queued
    /// again from zero attempts, a queued or running one is left as it is.
    func enqueue(kind: MediaJobKind, trackID: String, payload: String, now: Date) async throws
    /// Takes the next due job for `workerID` until `leaseUntil` (one more attempt), or nil.
    func claim(workerID: String, now: Date, leaseUntil: Int64) async throws -> MediaJob?
    /// Extends a held lease; false when the job is no longer this worker's.
    func renew(jobID: String, workerID: String, leaseUntil: Int64, now: Date) async throws -> Bool
    /// Marks a held job done; false when it is no longer this worker's.
    func complete(jobID: String, workerID: String, now: Date) async throws -> Bool
    /// Records a failed run: `state` queued (due at `runAfter`) or failed.
    func fail(
        jobID: String, workerID: String, error: String, state: MediaJobState, runAfter: Int64, now: Date
    ) async throws -> Bool
    /// Jobs per state, over every track or only `trackIDs`.
    func counts(trackIDs: [String]?) async throws -> MediaJobCounts
    /// Failed jobs, oldest first.
    func failedJobs(limit: Int) async throws -> [MediaJob]
    func job(id: String) async throws -> MediaJob?
    /// Puts failed jobs (one, or all when `jobID` is nil) back in the queue from zero attempts; returns how many.
    func retry(jobID: String?, now: Date) async throws -> Int
}
