import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// WAV files of plain samples are read in-process and agree with ffprobe (every media job of a song
/// probes its file: the demo catalog's songs are made as WAV); a WAV with tags or anything else this
/// reader does not know is left to ffprobe.
@Suite struct WAVProbeTests {
    /// (sample format for ffmpeg, channels, rate, seconds, codec ffprobe names): ffmpeg writes 24 bits,
    /// float and more than two channels as WAVE_FORMAT_EXTENSIBLE.
    static let cases: [(String, Int, Int, Double, String)] = [
        ("s16", 2, 44100, 3.5, "pcm_s16le"), ("s32", 1, 48000, 2.25, "pcm_s24le"),
        ("flt", 2, 22050, 1.75, "pcm_f32le"), ("u8", 1, 8000, 4.0, "pcm_u8"), ("s16", 6, 48000, 1.5, "pcm_s16le"),
    ]

    @Test func plainWAVAgreesWithFFprobe() async throws {
        let tools = MediaTools()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (format, channels, rate, seconds, codec) in Self.cases {
            let file = folder.appendingPathComponent("\(codec).wav").path
            try await Self.make(
                tools, file, format: format, channels: channels, rate: rate, seconds: seconds, codec: codec)
            let quick = try #require(QuickProbe.read(file), "\(codec) read in-process")
            let reference = try await tools.probeWithFFprobe(file)
            #expect(quick.formatName == reference.formatName && quick.audioCodec == reference.audioCodec, "\(codec)")
            #expect(quick.audioCodec == codec && quick.sampleRate == rate && reference.sampleRate == rate)
            #expect(abs(quick.durationSeconds - reference.durationSeconds) < 0.001, "\(codec)")
            #expect(abs(quick.durationSeconds - seconds) < 0.001 && quick.tags.isEmpty && !quick.hasPicture)
        }
        // The demo catalog's own WAV.
        let demo = folder.appendingPathComponent("demo.wav")
        try DemoSynth().wav([Int16](repeating: 0, count: 22050 * 3)).write(to: demo)
        let quick = try #require(QuickProbe.read(demo.path))
        let reference = try await tools.probeWithFFprobe(demo.path)
        #expect(quick.audioCodec == reference.audioCodec && quick.sampleRate == reference.sampleRate)
        #expect(
            abs(quick.durationSeconds - reference.durationSeconds) < 0.001 && abs(quick.durationSeconds - 3) < 0.001)
    }

    @Test func aWAVWithTagsOrAnUnknownLayoutIsFFprobes() async throws {
        let tools = MediaTools()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.wav")
        try await Self.make(tools, plain.path, format: "s16", channels: 2, rate: 44100, seconds: 1, codec: "pcm_s16le")
        let bytes = [UInt8](try Data(contentsOf: plain))
        // ffmpeg's own WAV with a title: a LIST chunk.
        let tagged = folder.appendingPathComponent("tagged.wav").path
        _ = try await tools.ffmpeg(["-i", plain.path, "-metadata", "title=Tagged", "-c", "copy", tagged])
        #expect(QuickProbe.read(tagged) == nil)
        #expect(try await tools.probe(tagged).tags["title"] == "Tagged")
        // An A-law WAV: another codec, ffprobe's.
        let alaw = folder.appendingPathComponent("alaw.wav").path
        _ = try await tools.ffmpeg([
            "-i", plain.path, "-c:a", "pcm_alaw", "-fflags", "+bitexact", "-map_metadata", "-1", alaw,
        ])
        #expect(QuickProbe.read(alaw) == nil)
        #expect(try await tools.probe(alaw).audioCodec == "pcm_alaw")
        // A data chunk longer than the file (cut short), and a `bext` chunk before the data.
        let cut = folder.appendingPathComponent("cut.wav")
        try Data(bytes.prefix(bytes.count - 100)).write(to: cut)
        #expect(QuickProbe.read(cut.path) == nil)
        let bext = folder.appendingPathComponent("bext.wav")
        let chunk = Array("bext".utf8) + [4, 0, 0, 0] + Array("Mine".utf8)
        try Data(Array(bytes[0..<36]) + chunk + Array(bytes[36...])).write(to: bext)
        #expect(QuickProbe.read(bext.path) == nil)
        // Mutated headers: answered or given up, and never more audio than the bytes hold.
        var random = SplitMix(seed: 20_261_203)
        for _ in 0..<400 {
            var mutated = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                mutated[Int(random.next() % 48)] = UInt8(truncatingIfNeeded: random.next())
            }
            try Data(mutated).write(to: cut)
            if let read = QuickProbe.read(cut.path) {
                #expect(read.durationSeconds > 0 && read.durationSeconds <= Double(bytes.count) / 1000)
            }
        }
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wavprobe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A WAV of a tone with nothing but `fmt ` and `data` (no LIST chunk: bit-exact, no metadata).
    static func make(
        _ tools: MediaTools, _ file: String, format: String, channels: Int, rate: Int, seconds: Double, codec: String
    ) async throws {
        _ = try await tools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)", "-ac", "\(channels)",
            "-sample_fmt", format, "-c:a", codec, "-fflags", "+bitexact", "-map_metadata", "-1", file,
        ])
    }
}
