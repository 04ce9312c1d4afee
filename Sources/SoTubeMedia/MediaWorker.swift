import Foundation
import Logging
import SoTubeCore

/// Takes media jobs from the queue and does them: an album's picture, renditions (preview, browser
/// rendition, waveform; the song goes on sale), the MP3 of a song on sale with its imported FLAC, Ogg
/// or WAV file, and loudness (EBU R128). While a job runs its lease is renewed; a worker
/// that dies stops renewing and another takes the job once the lease ends. Outputs are staged in the
/// `MediaStore` and published whole, and a run first discards what an earlier, killed run left
/// staged, so a job run twice leaves one set of files.
public struct MediaWorker: Sendable {
    public var queue: any MediaJobQueue
    public var writer: any CatalogWriting
    public var tools: MediaTools
    public var store: any MediaStore
    public var rules: MediaJobRules
    public var clock: any SoTubeClock
    public var workerID: String
    public var logger: Logger
    /// Called once when the worker runs out of due jobs, or stops, after doing some (the server gives
    /// the heap's free pages back then).
    public var afterWork: (@Sendable () -> Void)?

    public init(
        queue: any MediaJobQueue, writer: any CatalogWriting, tools: MediaTools = MediaTools(), store: any MediaStore,
        rules: MediaJobRules = MediaJobRules(), clock: any SoTubeClock = SystemClock(),
        workerID: String = MediaWorker.defaultWorkerID(), logger: Logger = Logger(label: "worker")
    ) {
        self.queue = queue
        self.writer = writer
        self.tools = tools
        self.store = store
        self.rules = rules
        self.clock = clock
        self.workerID = workerID
        self.logger = logger
    }

    /// "host:pid:random": unique per worker, readable in `sotube jobs`.
    public static func defaultWorkerID() -> String {
        let host = ProcessInfo.processInfo.hostName.prefix(40)
        return "\(host):\(getpid()):\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Takes and does one job; false when none was due.
    @discardableResult
    public func runOne() async throws -> Bool {
        guard
            let job = try await queue.claim(
                workerID: workerID, now: clock.now(), leaseUntil: rules.leaseEnd(now: clock.now()))
        else { return false }
        if rules.isExhausted(attempts: job.attempts) {
            let reason = job.lastError ?? "its worker stopped before finishing, \(job.attempts - 1) times"
            _ = try await queue.fail(
                jobID: job.id, workerID: workerID, error: reason, state: .failed, runAfter: clock.now().epochMillis,
                now: clock.now())
            return true
        }
        let heartbeat = Task { [self] in
            let interval = UInt64(max(0.2, rules.leaseSeconds / 3) * 1_000_000_000)
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: interval)
                if Task.isCancelled { return }
                _ = try? await queue.renew(
                    jobID: job.id, workerID: workerID, leaseUntil: rules.leaseEnd(now: clock.now()), now: clock.now())
            }
        }
        defer { heartbeat.cancel() }
        do {
            try await perform(job)
            heartbeat.cancel()
            _ = try await queue.complete(jobID: job.id, workerID: workerID, now: clock.now())
        } catch {
            heartbeat.cancel()
            let reason = (error as? MediaToolError)?.message ?? ErrorText.of(error)
            let next = rules.afterFailure(attempts: job.attempts, now: clock.now())
            logger.warning(
                "media job failed",
                metadata: [
                    "job": "\(job.id)", "kind": "\(job.kind.rawValue)", "track": "\(job.trackID)",
                    "attempt": "\(job.attempts)", "error": "\(reason)", "next": "\(next.state.rawValue)",
                ])
            _ = try await queue.fail(
                jobID: job.id, workerID: workerID, error: reason, state: next.state, runAfter: next.runAfter,
                now: clock.now())
        }
        return true
    }

    /// Does jobs until `stop` says so, looking again every `idleSeconds` when none is due; after a run
    /// of jobs, calls `afterWork`.
    public func run(idleSeconds: Double = 1, stop: @escaping @Sendable () async -> Bool) async {
        var busy = false
        while !Task.isCancelled {
            if await stop() {
                if busy { afterWork?() }
                return
            }
            let worked: Bool
            do {
                worked = try await runOne()
            } catch {
                // Stopping (SIGTERM cancels the task mid-query) is no failure to report.
                if Task.isCancelled || error is CancellationError { return }
                logger.error("media worker cannot reach the queue", metadata: ["error": "\(ErrorText.of(error))"])
                worked = false
            }
            if worked {
                busy = true
            } else {
                if busy { afterWork?() }
                busy = false
                try? await Task.sleep(nanoseconds: UInt64(idleSeconds * 1_000_000_000))
            }
        }
    }

    func perform(_ job: MediaJob) async throws {
        guard let track = try await writer.jobTrack(id: job.trackID) else { return }  // removed since
        guard let payload = MediaJobPayload.decode(job.payload) else {
            throw MediaToolError("the job's description cannot be read")
        }
        switch job.kind {
        case .artwork:
            guard let picture = payload.albumPicture else {
                throw MediaToolError("the artwork job does not say which album's picture to make")
            }
            _ = try await tools.makeAlbumPicture(picture, store: store, maker: job.id)
        case .renditions:
            try await renditions(track, payload: payload)
        case .full:
            try await fullRendition(track, payload: payload)
        case .loudness:
            try await loudness(track, payload: payload)
        }
    }

    func renditions(_ track: JobTrack, payload: MediaJobPayload) async throws {
        var payload = payload
        let synthesised = try DemoSongSource.synthesiseIfMissing(payload)
        defer { synthesised.map { try? FileManager.default.removeItem(atPath: $0) } }
        if let synthesised { payload.file = synthesised }
        guard FileManager.default.fileExists(atPath: payload.file) else {
            throw MediaToolError("the source file is gone: \(payload.file)")
        }
        let folder = (track.previewPath as NSString).deletingLastPathComponent
        store.discardStaged(under: folder)
        let probe = try await tools.probe(payload.file)
        let made: TrackRenditions
        do {
            made = try await tools.makeRenditions(
                source: payload.file, probe: probe, store: store, folder: folder,
                policy: PreviewPolicy(seconds: payload.previewSeconds), keepOriginal: payload.keepOriginal,
                fullLater: true)
        } catch {
            // A failed run leaves nothing half-written behind (the finished files, if any, stay).
            store.discardStaged(under: folder)
            throw (error as? MediaToolError).map { MediaToolError("cannot decode: \($0.message)") } ?? error
        }
        try await writer.finishRenditions(
            trackID: track.id, mediaPath: made.mediaPath, mediaType: made.mediaType, previewPath: made.previewPath,
            previewType: made.previewType, waveform: made.waveform)
        if made.fullPending {
            // On sale now, played from its imported file; an earlier MP3 (the song changed) is stale.
            MediaTools.deleteStaleFullFiles(in: folder, keeping: made.mediaPath, store: store)
            try await queue.enqueue(kind: .full, trackID: track.id, payload: payload.encoded(), now: clock.now())
        }
    }

    /// Makes the MP3 of a song on sale with its imported file and plays it from the MP3 from then on;
    /// nothing to do when the song is no longer played from an imported file (imported again as a copy).
    func fullRendition(_ track: JobTrack, payload: MediaJobPayload) async throws {
        guard OriginalFile.isOriginal(track.mediaPath), let source = store.file(for: track.mediaPath) else { return }
        let folder = (track.mediaPath as NSString).deletingLastPathComponent
        let made: String
        do {
            made = try await tools.makeFullRendition(source: source, store: store, folder: folder)
        } catch {
            throw (error as? MediaToolError).map { MediaToolError("cannot make the MP3: \($0.message)") } ?? error
        }
        let switched = try await writer.finishFullRendition(
            trackID: track.id, playedFrom: track.mediaPath, mediaPath: made, mediaType: "audio/mpeg")
        if switched && !payload.keepOriginal { store.delete(track.mediaPath) }
    }

    func loudness(_ track: JobTrack, payload: MediaJobPayload) async throws {
        var file = payload.file
        if !FileManager.default.fileExists(atPath: file) {
            file = store.file(for: track.mediaPath)?.path ?? file
        }
        // A demo song whose rendition is not made yet: measured from its own synthesis.
        let synthesised =
            FileManager.default.fileExists(atPath: file) ? nil : try DemoSongSource.synthesiseIfMissing(payload)
        defer { synthesised.map { try? FileManager.default.removeItem(atPath: $0) } }
        if let synthesised { file = synthesised }
        guard FileManager.default.fileExists(atPath: file) else {
            throw MediaToolError("neither the source nor the song's rendition is there to measure")
        }
        let probe = try await tools.probe(file)
        let measured = try await tools.measureSong(
            file, inputOptions: probe.inputOptions, sampleRate: probe.sampleRate)
        // The renditions job decoded only the preview's span of a song whose header gave its length;
        // a truncated file's header overstates it, and its preview may be more than half of it.
        try await remakePreviewIfTooLong(
            track, source: file, inputOptions: probe.inputOptions, duration: measured.seconds,
            policy: PreviewPolicy(seconds: payload.previewSeconds))
        try await writer.setLoudness(
            trackID: track.id, loudness: measured.loudness,
            waveform: measured.seconds > 0 ? MediaTools.peaks(pcm: measured.pcm, count: MediaTools.waveformPeaks) : nil)
    }

    func remakePreviewIfTooLong(
        _ track: JobTrack, source: String, inputOptions: [String], duration: Double, policy: PreviewPolicy
    ) async throws {
        guard duration > 0, let preview = store.file(for: track.previewPath),
            let made = try? await tools.probe(preview.path),
            !policy.previewFits(previewSeconds: made.durationSeconds, duration: duration)
        else { return }
        let staged = try store.staging(for: track.previewPath)
        do {
            try await tools.remakePreview(
                source: source, inputOptions: inputOptions, duration: duration, policy: policy, to: staged)
            try store.put(track.previewPath, from: staged)
        } catch {
            try? FileManager.default.removeItem(at: staged)
            throw error
        }
        logger.notice(
            "a song is shorter than its header said: its preview was made again",
            metadata: ["track": "\(track.id)", "seconds": "\(duration)"])
    }
}

/// What decoding a whole song tells: its loudness and its waveform's PCM (`MediaTools.waveformPCMArguments`).
public struct SongMeasurement: Sendable {
    public var loudness: Loudness
    public var pcm: Data
    /// The decoded length.
    public var seconds: Double { MediaTools.pcmSeconds(pcm) }
}

extension MediaTools {
    /// EBU R128 integrated loudness and true peak of a file (ffmpeg's `ebur128` filter, its summary)
    /// and its waveform's PCM, from one decode. `inputOptions` are the probe's (e.g. the demuxer a
    /// tracker file needs); `sampleRate`, the probe's too, picks how the true peak is found
    /// (`loudnessFilters`).
    public func measureSong(_ path: String, inputOptions: [String] = [], sampleRate: Int? = nil) async throws
        -> SongMeasurement
    {
        let (filters, peakFromStats) = Self.loudnessFilters(sampleRate: sampleRate)
        let graph = "[0:a:0]asplit=2[m][w];[m]\(filters)[l];[w]\(Self.waveformFilter)[p]"
        let output = try await run(
            ffmpeg,
            ["-nostdin", "-hide_banner", "-nostats", "-v", "info"] + inputOptions
                + ["-i", path, "-filter_complex", graph, "-map", "[l]", "-f", "null", "-", "-map", "[p]"]
                + Self.waveformPCMFormat + ["pipe:1"])
        guard output.status == 0, var loudness = Loudness.parseEBUR128Summary(output.errorText) else {
            throw MediaToolError("cannot measure loudness: \(Self.lastLine(output))")
        }
        // The filter prints a line per 100 ms of audio it measured: none means nothing was decoded
        // (a damaged file whose header probes well), and its summary would be silence's.
        guard output.errorText.contains(" t: ") else {
            throw MediaToolError("cannot measure loudness: no audio could be decoded (a damaged file?)")
        }
        if peakFromStats {
            guard let peak = Loudness.parsePeakLevel(output.errorText) else {
                throw MediaToolError("cannot measure the true peak: \(Self.lastLine(output))")
            }
            loudness.truePeakDB = peak
        }
        return SongMeasurement(loudness: loudness, pcm: output.stdout)
    }

    /// The loudness branch of the pass, and whether its true peak is `astats`' peak rather than
    /// `ebur128`'s. The true peak is the peak of the signal oversampled (ITU-R BS.1770); with the rate
    /// known it is taken as libebur128 takes it: four times the rate below 96 kHz, twice below
    /// 192 kHz, else the samples themselves. ffmpeg's own `ebur128=peak=true` (kept for an unknown
    /// rate) resamples every song to 192 kHz with a 32-tap filter in double precision: 8.7 times the
    /// samples of a 22,050 Hz song (the demo catalog's; Debian's asc-music), three quarters of its
    /// pass (docs/performance.md, 2026-12-03 (second)).
    static func loudnessFilters(sampleRate: Int?) -> (filters: String, peakFromStats: Bool) {
        guard let rate = sampleRate, (8000...768_000).contains(rate) else { return ("ebur128=peak=true", false) }
        let factor = rate < 96000 ? 4 : rate < 192_000 ? 2 : 1
        let oversample = factor > 1 ? "aresample=\(rate * factor):filter_size=16," : ""
        return (
            "ebur128=peak=none,\(oversample)aformat=sample_fmts=flt,"
                + "astats=measure_perchannel=none:measure_overall=Peak_level", true
        )
    }

    static func lastLine(_ output: Output) -> String {
        output.errorText.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
    }
}
