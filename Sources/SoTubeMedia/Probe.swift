import Foundation
import SoTubeCore

/// What ffprobe says about a file.
public struct ProbeResult: Sendable {
    public var formatName: String
    public var durationSeconds: Double
    public var audioCodec: String
    /// Format tags, then the audio stream's tags (Ogg/Opus keep them there).
    public var tags: [String: String]
    public var hasPicture: Bool
    /// Input options ffmpeg needs to read the file (headerless PCM), else empty.
    public var inputOptions: [String]
    /// Whether `durationSeconds` is the header's count of samples or frames (FLAC, MP3 with a
    /// Xing/Info or VBRI frame, Ogg, MP4) rather than an estimate (an MP3's size and bit rate, ffprobe).
    /// A truncated file's header can still overstate it; the loudness job, which decodes it all, finds that.
    public var durationIsExact = false
    /// The audio's sample rate (Hz), when the header or ffprobe gave it: the loudness job measures
    /// the true peak at four times it (`MediaTools.measureSong`).
    public var sampleRate: Int?

    public var universallyPlayable: Bool {
        inputOptions.isEmpty
            && AudioFormatRules.isUniversallyPlayable(formatName: formatName, codecName: audioCodec)
    }
}

private struct FFProbeJSON: Decodable {
    struct Stream: Decodable {
        var codec_type: String?
        var codec_name: String?
        var sample_rate: String?
        var duration: String?
        var tags: [String: String]?
        var disposition: [String: Int]?
    }
    struct Format: Decodable {
        var format_name: String?
        var duration: String?
        var tags: [String: String]?
    }
    var streams: [Stream]?
    var format: Format?
}

extension MediaTools {
    /// Probes `path`: the common formats from their headers in-process (`QuickProbe`), anything
    /// else with ffprobe. Throws with a human reason when the file is not usable audio.
    public func probe(_ path: String) async throws -> ProbeResult {
        let ext = (path as NSString).pathExtension.lowercased()
        if !AudioFormatRules.headerlessExtensions.contains(ext), let quick = QuickProbe.read(path) {
            return quick
        }
        return try await probeWithFFprobe(path)
    }

    /// Probes `path` with ffprobe; headerless PCM (`.raw`, `.pcm`) is described to it from a guess
    /// at its sample format.
    public func probeWithFFprobe(_ path: String) async throws -> ProbeResult {
        var inputOptions: [String] = []
        let ext = (path as NSString).pathExtension.lowercased()
        if AudioFormatRules.headerlessExtensions.contains(ext) {
            let sample = Self.readPrefix(path, count: 65536)
            let guess = AudioFormatRules.guessRawFormat(sample: sample)
            inputOptions = ["-f", guess.format, "-ar", String(guess.rate), "-ac", String(guess.channels)]
        }
        let output = try await run(
            ffprobe,
            ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"] + inputOptions + [
                path
            ])
        guard output.status == 0 else {
            let reason = output.errorText.split(separator: "\n").last.map(String.init) ?? "unreadable"
            throw MediaToolError("not readable audio (\(reason.suffix(120)))")
        }
        let json: FFProbeJSON
        do {
            json = try JSONDecoder().decode(FFProbeJSON.self, from: output.stdout)
        } catch {
            throw MediaToolError("ffprobe gave no usable answer")
        }
        let streams = json.streams ?? []
        guard let audio = streams.first(where: { $0.codec_type == "audio" }) else {
            throw MediaToolError("no audio stream")
        }
        let duration = Double(json.format?.duration ?? "") ?? Double(audio.duration ?? "") ?? 0
        guard duration.isFinite, duration >= 0.05 else {
            throw MediaToolError("no audio (zero length)")
        }
        guard duration <= TagMapping.longestSeconds else {
            throw MediaToolError("not readable audio (it claims to last longer than 115 days)")
        }
        var tags = json.format?.tags ?? [:]
        for (key, value) in audio.tags ?? [:] where tags[key] == nil { tags[key] = value }
        let picture = streams.contains { $0.codec_type == "video" }
        return ProbeResult(
            formatName: json.format?.format_name ?? "", durationSeconds: duration,
            audioCodec: audio.codec_name ?? "",
            tags: tags, hasPicture: picture, inputOptions: inputOptions,
            sampleRate: audio.sample_rate.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
    }

    static func readPrefix(_ path: String, count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }
}
