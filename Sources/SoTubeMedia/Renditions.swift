import Foundation
import SoTubeCore

/// The imported file of a song that was transcoded for playback, kept beside its renditions as
/// `original.<ext>` so its owner can download it (a song copied as it is has none: its full file is it).
public enum OriginalFile {
    /// `original.<ext>` for a source extension (letters and digits only; `bin` when none is left).
    public static func name(sourceExtension: String) -> String {
        let ext = sourceExtension.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(8)
        return "original.\(ext.isEmpty ? "bin" : String(ext))"
    }

    /// The names of kept originals in a track's folder.
    public static func names(in folder: String, store: any MediaStore) -> [String] {
        store.keys(in: folder).filter(isOriginal)
    }

    /// Whether a file name (or a path's last part) is a kept original's.
    public static func isOriginal(_ name: String) -> Bool {
        (name as NSString).lastPathComponent.hasPrefix("original.")
    }
}

/// The files a track is served from, relative to `media/`.
public struct TrackRenditions: Sendable {
    public var mediaPath: String
    public var mediaType: String
    public var previewPath: String
    public var previewType: String
    /// Nil when the job left it to the song's loudness job (which decodes the whole song anyway).
    public var waveform: [Double]?
    /// Whether `mediaPath` is the imported file, played until the song's `full` job makes its MP3.
    public var fullPending = false
}

extension MediaTools {
    /// Where a song's renditions go and what they are, known from the probe alone (the scan writes
    /// them on the track before its job makes the files).
    public static func renditionPlan(source: String, probe: ProbeResult, folder: String) -> TrackRenditions {
        let sourceExt = (source as NSString).pathExtension.lowercased()
        let copy = copiesSource(sourceExt: sourceExt, probe: probe)
        let fullExt = copy ? sourceExt : "mp3"
        return TrackRenditions(
            mediaPath: "\(folder)/full.\(fullExt)",
            mediaType: AudioFormatRules.contentType(forExtension: fullExt),
            previewPath: "\(folder)/preview.mp3", previewType: "audio/mpeg", waveform: nil)
    }

    /// Whether the full-song rendition is the source itself (every browser plays it).
    static func copiesSource(sourceExt: String, probe: ProbeResult) -> Bool {
        probe.universallyPlayable && ["mp3", "m4a", "mp4", "aac"].contains(sourceExt)
    }

    /// Makes the preview (the first `PreviewPolicy.previewLength` seconds — never more than half the
    /// song — with a fade-out, MP3 128k), the full-song rendition (the source copied
    /// when every browser plays it, else MP3 192k CBR) and waveform peaks, in one ffmpeg run.
    /// When the probe's length is the header's count of samples (`ProbeResult.durationIsExact`),
    /// only the preview's span is decoded and the waveform is left to the loudness job, which decodes
    /// the whole song anyway: decoding the rest of it was most of the job but for the preview's encoding.
    /// MP3 plays everywhere (iOS Safari included) and LAME encodes several times faster than
    /// ffmpeg's AAC encoder, which matters on a 2-core server.
    /// A transcoded source is kept as `original.<ext>` (unless `keepOriginal` is false) for downloads.
    /// Files are staged in `store` and published when complete.
    ///
    /// With `fullLater`, a source browsers play as it is (`AudioFormatRules.browserPlayableType`) gets
    /// no MP3 here: it is kept as `original.<ext>` and is the song's full file until `makeFullRendition`
    /// has made the MP3 (`TrackRenditions.fullPending`). The preview costs a decode of its span and
    /// its encoding, a fifth of what the MP3 adds to it.
    public func makeRenditions(
        source: String, probe: ProbeResult, store: any MediaStore, folder: String, policy: PreviewPolicy,
        peaks: Int = MediaTools.waveformPeaks, keepOriginal: Bool = true, fullLater: Bool = false
    ) async throws -> TrackRenditions {
        let sourceExt = (source as NSString).pathExtension.lowercased()
        let copy = Self.copiesSource(sourceExt: sourceExt, probe: probe)
        let interimType =
            copy || !fullLater || !probe.inputOptions.isEmpty
            ? nil : AudioFormatRules.browserPlayableType(formatName: probe.formatName, codecName: probe.audioCodec)
        let fullExt = copy ? sourceExt : "mp3"
        let fullName = "full.\(fullExt)"
        let previewName = "preview.mp3"
        let fullTemp = try store.staging(for: "\(folder)/\(fullName)")
        let previewTemp = try store.staging(for: "\(folder)/\(previewName)")
        var arguments = probe.inputOptions + ["-i", source]
        arguments += Self.previewArguments(policy: policy, duration: probe.durationSeconds, to: previewTemp)
        // Decoded only as far as the preview reaches, unless the run makes the whole song's MP3 anyway.
        let span =
            probe.durationIsExact && (copy || interimType != nil)
            ? policy.previewLength(duration: probe.durationSeconds) : nil
        if !copy && interimType == nil {
            let encoder = ["-map", "0:a:0", "-vn", "-c:a", "libmp3lame", "-b:a", "192k"]
            arguments += encoder + Self.lameSpeed + [fullTemp.path]
        }
        // The waveform's PCM; over the preview's span, a second more: a song that ends before it is
        // one whose length the PCM tells.
        arguments += ["-map", "0:a:0"] + (span.map { ["-t", Self.seconds($0 + 1)] } ?? [])
        arguments += Self.waveformPCMArguments + ["pipe:1"]
        let pcm = try await ffmpeg(arguments)
        // A file whose header probes well but whose audio is damaged may decode to nothing at all.
        guard !pcm.isEmpty else { throw MediaToolError("no audio could be decoded (a damaged file?)") }
        // ffprobe may guess a length (e.g. an MP3 without a header giving it); the decoded PCM
        // (mono, 2000 Hz, 16-bit) is the real one. A song shorter than guessed gets its preview again.
        // Decoded only over the preview's span, the PCM tells the length only of a song ending in it.
        let decoded = Self.pcmSeconds(pcm)
        let songEnded = span.map { decoded < $0 + 0.5 } ?? true
        if songEnded, decoded > 0,
            !policy.previewFits(
                previewSeconds: policy.previewLength(duration: probe.durationSeconds), duration: decoded)
        {
            try await remakePreview(
                source: source, inputOptions: probe.inputOptions, duration: decoded, policy: policy, to: previewTemp)
        }
        if copy {
            try? FileManager.default.removeItem(at: fullTemp)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: fullTemp)
        }
        // A transcoded song keeps its imported file too: an owner downloads the original (SPEC P9). A
        // song whose MP3 comes later plays from it meanwhile, kept or not.
        let originalName =
            copy || (!keepOriginal && interimType == nil) ? nil : OriginalFile.name(sourceExtension: sourceExt)
        if let originalName {
            let originalTemp = try store.staging(for: "\(folder)/\(originalName)")
            try? FileManager.default.removeItem(at: originalTemp)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: originalTemp)
            try store.put("\(folder)/\(originalName)", from: originalTemp)
        }
        try store.put("\(folder)/\(previewName)", from: previewTemp)
        for stale in OriginalFile.names(in: folder, store: store) where stale != originalName {
            store.delete("\(folder)/\(stale)")
        }
        // A song that ended within the span was decoded whole: its waveform is known.
        let waveform = songEnded ? Self.peaks(pcm: pcm, count: peaks) : nil
        if let interimType, let originalName {
            // The song's earlier full file (if any) is the caller's to remove once the row no longer names it.
            try? FileManager.default.removeItem(at: fullTemp)
            return TrackRenditions(
                mediaPath: "\(folder)/\(originalName)", mediaType: interimType,
                previewPath: "\(folder)/\(previewName)", previewType: "audio/mpeg", waveform: waveform,
                fullPending: true)
        }
        try store.put("\(folder)/\(fullName)", from: fullTemp)
        Self.deleteStaleFullFiles(in: folder, keeping: "\(folder)/\(fullName)", store: store)
        return TrackRenditions(
            mediaPath: "\(folder)/\(fullName)",
            mediaType: AudioFormatRules.contentType(forExtension: fullExt),
            previewPath: "\(folder)/\(previewName)", previewType: "audio/mpeg", waveform: waveform)
    }

    /// Every name a song's full rendition has had (and `preview.m4a`, an earlier preview's).
    static let fullNames = ["full.mp3", "full.m4a", "full.mp4", "full.aac", "preview.m4a"]

    /// Removes the full renditions in `folder` other than `keeping` (a song now played from its
    /// imported file, or from a new MP3).
    public static func deleteStaleFullFiles(in folder: String, keeping: String, store: any MediaStore) {
        for stale in fullNames where "\(folder)/\(stale)" != keeping {
            store.delete("\(folder)/\(stale)")
        }
    }

    /// The MP3 (192k CBR) of a song that was put on sale with its imported file `source`, staged and
    /// published as `folder/full.mp3`; returns its path. Fails, publishing nothing, when `source`
    /// changes while it is encoded (the song was imported again).
    public func makeFullRendition(source: URL, store: any MediaStore, folder: String) async throws -> String {
        let path = "\(folder)/full.mp3"
        let staged = try store.staging(for: path)
        let before = Self.identity(of: source)
        do {
            _ = try await ffmpeg(
                ["-i", source.path, "-map", "0:a:0", "-vn", "-c:a", "libmp3lame", "-b:a", "192k"] + Self.lameSpeed
                    + [staged.path])
            guard before != nil, Self.identity(of: source) == before else {
                throw MediaToolError("the song's file changed while its MP3 was made")
            }
            try store.put(path, from: staged)
        } catch {
            try? FileManager.default.removeItem(at: staged)
            throw error
        }
        return path
    }

    /// A file's inode, size and modification time, nil when it cannot be read.
    static func identity(of file: URL) -> [Int]? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return [
            Int(truncatingIfNeeded: info.st_ino), Int(truncatingIfNeeded: info.st_size), info.st_mtim.tv_sec,
            info.st_mtim.tv_nsec,
        ]
    }

    /// Makes the preview again into `file` for a song found to be `duration` seconds long.
    func remakePreview(source: String, inputOptions: [String], duration: Double, policy: PreviewPolicy, to file: URL)
        async throws
    {
        _ = try await ffmpeg(
            inputOptions + ["-i", source] + Self.previewArguments(policy: policy, duration: duration, to: file))
    }

    /// ffmpeg output options (before the output) for the waveform's PCM, mono 2000 Hz signed 16-bit:
    /// resampled without a low-pass filter (`filter_size=1`), which cost a tenth of a renditions job
    /// (swresample's default filter) and only smooths the peaks.
    static let waveformPCMArguments = ["-af", waveformFilter] + waveformPCMFormat
    static let waveformFilter = "aresample=2000:filter_size=1"
    static let waveformPCMFormat = ["-ac", "1", "-f", "s16le"]

    /// How many peaks a song's waveform has.
    public static let waveformPeaks = 120

    /// The length of `waveformPCMArguments`' PCM.
    static func pcmSeconds(_ pcm: Data) -> Double { Double(pcm.count) / 4000 }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// ffmpeg output options for the preview of a song of `duration` seconds: its first
    /// `policy.previewLength` seconds, fading out over its last `policy.fadeLength`.
    static func previewArguments(policy: PreviewPolicy, duration: Double, to file: URL) -> [String] {
        let seconds = Self.seconds
        return [
            "-map", "0:a:0", "-vn", "-map_metadata", "-1",
            "-t", seconds(policy.previewLength(duration: duration)),
            "-af",
            "afade=t=out:st=\(seconds(policy.fadeStart(duration: duration))):d=\(seconds(policy.fadeLength(duration: duration)))",
            "-c:a", "libmp3lame", "-b:a", "128k",
        ] + lameSpeed + [file.path]
    }

    /// LAME's algorithm quality 5 (its default until 3.97; ffmpeg leaves LAME's current default, 3):
    /// at 128k and 192k CBR the same bit rate with a lighter psychoacoustic search, measured 22 % less
    /// CPU for a 4-minute FLAC to MP3 192k (1.25 → 0.98 s), which is most of a catalog's job time.
    static let lameSpeed = ["-compression_level", "5"]

    /// `count` peaks (0...1, normalised to the loudest) of signed 16-bit mono PCM.
    public static func peaks(pcm: Data, count: Int) -> [Double] {
        let samples = pcm.count / 2
        guard samples > 0, count > 0 else { return [] }
        var result = [Double](repeating: 0, count: count)
        pcm.withUnsafeBytes { raw in
            let values = raw.bindMemory(to: Int16.self)
            for bucket in 0..<count {
                let start = bucket * samples / count
                let end = max(start + 1, (bucket + 1) * samples / count)
                var peak: Int32 = 0
                var index = start
                while index < end && index < samples {
                    peak = max(peak, abs(Int32(Int16(littleEndian: values[index]))))
                    index += 1
                }
                result[bucket] = Double(peak)
            }
        }
        let loudest = result.max() ?? 0
        return loudest > 0 ? result.map { ($0 / loudest * 1000).rounded() / 1000 } : result
    }
}
