import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// The in-process header reader says what ffprobe says about the formats it reads, leaves the
/// others to ffprobe, and survives any bytes.
@Suite struct QuickProbeTests {
    static let tags = [
        "title": "Lovely Song", "artist": "Ana Ölmez", "album": "Blue Hour", "album_artist": "Various",
        "track": "3/10", "disc": "2", "date": "2004-05-01", "genre": "Synthwave",
    ]

    /// (file name, ffmpeg codec options, picture embedded, seconds)
    static let cases: [(String, [String], Bool, Double)] = [
        ("cbr.mp3", Codec.mp3, true, 31.3),
        ("v24.mp3", ["-c:a", "libmp3lame", "-q:a", "4", "-id3v2_version", "4"], false, 47.9),
        ("mono.mp3", ["-c:a", "libmp3lame", "-b:a", "64k", "-ac", "1", "-ar", "22050"], false, 12.2),
        ("song.flac", Codec.flac, true, 61.7),
        ("song.ogg", Codec.vorbis, false, 33.3),
        ("song.opus", Codec.opus, false, 20.5),
        ("song.m4a", Codec.aac, true, 40.2),
    ]

    @Test func agreesWithFFprobeOnTagsLengthCodecAndPictures() async throws {
        let h = try await MediaHarness.make()
        defer { Task { await h.close() } }
        for (name, codec, cover, seconds) in Self.cases {
            let file = h.directory.appendingPathComponent(name)
            try await h.make(
                file, seconds: seconds, tags: Self.tags, cover: cover && !name.hasSuffix(".ogg"), codec: codec)
            let quick = try #require(QuickProbe.read(file.path), "\(name) read in-process")
            let reference = try await h.tools.probeWithFFprobe(file.path)
            #expect(quick.formatName == reference.formatName, "\(name)")
            #expect(quick.audioCodec == reference.audioCodec, "\(name)")
            #expect(quick.hasPicture == reference.hasPicture, "\(name)")
            #expect(
                abs(quick.durationSeconds - reference.durationSeconds) < 0.06,
                "\(name): \(quick.durationSeconds) vs \(reference.durationSeconds)")
            #expect(abs(quick.durationSeconds - seconds) < 0.1, "\(name)")
            // The loudness job oversamples at four times the rate; MP4's is left unread (nil: ffmpeg's own filter).
            #expect(quick.sampleRate == (name.hasSuffix(".m4a") ? nil : reference.sampleRate), "\(name)")
            #expect(
                reference.sampleRate == (name == "mono.mp3" ? 22050 : name == "song.opus" ? 48000 : 44100), "\(name)")
            let ours = Self.metadata(quick.tags)
            let theirs = Self.metadata(reference.tags)
            #expect(ours == theirs, "\(name)")
            #expect(ours.title == "Lovely Song" && ours.artist == "Ana Ölmez" && ours.trackNumber == 3, "\(name)")
        }
    }

    @Test func leavesOtherFormatsAndHeaderlessAudioToFFprobe() async throws {
        let h = try await MediaHarness.make()
        defer { Task { await h.close() } }
        let wav = h.directory.appendingPathComponent("song.wav")
        try await h.make(wav, seconds: 2, codec: Codec.wav)
        #expect(QuickProbe.read(wav.path) == nil, "ffmpeg's WAV has a LIST chunk (its encoder's name): ffprobe's")
        let probed = try await h.tools.probe(wav.path)
        #expect(probed.audioCodec == "pcm_s16le" && abs(probed.durationSeconds - 2) < 0.05)
        let alac = h.directory.appendingPathComponent("song-alac.m4a")
        try await h.make(alac, seconds: 2, codec: ["-c:a", "alac"])
        #expect(QuickProbe.read(alac.path) == nil, "ALAC is not AAC")
        #expect(try await h.tools.probe(alac.path).audioCodec == "alac")
        // A FLAC behind an ID3v2.3 tag (a TIT2 frame): not read as MP3, ffprobe's job.
        let flac = h.directory.appendingPathComponent("tagged.flac")
        try await h.make(flac, seconds: 2, codec: Codec.flac)
        let frame: [UInt8] = Array("TIT2".utf8) + [0, 0, 0, 3, 0, 0, 0] + Array("Hi".utf8)
        let header: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, UInt8(frame.count)]
        let wrapped = h.directory.appendingPathComponent("id3-before.flac")
        try Data(header + frame + [UInt8](try Data(contentsOf: flac))).write(to: wrapped)
        #expect(QuickProbe.read(wrapped.path) == nil)
        #expect(try await h.tools.probe(wrapped.path).audioCodec == "flac")
    }

    /// Random bytes, and real files truncated or with bytes changed: the reader answers or gives
    /// up, never traps, and never says a file has more audio than its bytes could hold.
    @Test func survivesTruncatedAndMutatedFiles() async throws {
        let h = try await MediaHarness.make()
        defer { Task { await h.close() } }
        var originals: [[UInt8]] = []
        for (name, codec, cover, _) in Self.cases {
            let file = h.directory.appendingPathComponent("fuzz-" + name)
            try await h.make(file, seconds: 3, tags: Self.tags, cover: cover && !name.hasSuffix(".ogg"), codec: codec)
            originals.append([UInt8](try Data(contentsOf: file)))
        }
        var random = SplitMix(seed: 20_261_125)
        let target = h.directory.appendingPathComponent("fuzz.bin")
        var answered = 0
        for round in 0..<1500 {
            var bytes = originals[round % originals.count]
            switch round % 3 {
            case 0: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            case 1:
                for _ in 0..<(1 + Int(random.next() % 16)) where !bytes.isEmpty {
                    let at = Int(random.next() % UInt64(min(bytes.count, 4096)))
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
            default:
                bytes = (0..<Int(random.next() % 2048)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if round % 2 == 0 { bytes = Array("ID3\u{04}\u{00}\u{00}".utf8) + bytes }
            }
            try Data(bytes).write(to: target)
            if let result = QuickProbe.read(target.path) {
                answered += 1
                #expect(result.durationSeconds.isFinite && result.durationSeconds >= 0.05)
            }
        }
        #expect(answered > 0, "some damaged files still read")
    }

    static func metadata(_ tags: [String: String]) -> Summary {
        let meta = TagMapping.metadata(tags: tags, relativePath: ["x.mp3"], rootName: "r", durationSeconds: 1)
        return Summary(
            title: meta.title, artist: meta.artist, albumArtist: meta.albumArtist, album: meta.album,
            trackNumber: meta.trackNumber, discNumber: meta.discNumber, year: meta.year, genre: meta.genre)
    }

    struct Summary: Equatable {
        var title, artist, albumArtist, album: String
        var trackNumber, discNumber: Int
        var year: Int?
        var genre: String?
    }
}

/// A small seeded generator (the fuzz is the same every run).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
