import Foundation
import SoTubeCore

/// The audio of a demo song, made by the job that needs it: the demo catalog's rows are written at
/// once (the store answers within seconds of its first start) and each song's WAV is synthesised —
/// deterministically, so every job and every server makes the same one — when its job runs.
enum DemoSongSource {
    /// "album/track" (from 0) of a demo song.
    static func key(album: Int, track: Int) -> String { "\(album)/\(track)" }

    /// The WAV of the demo song `key`, nil when there is no such song.
    static func wav(_ key: String, synth: DemoSynth = DemoSynth()) -> Data? {
        let parts = key.split(separator: "/").compactMap { Int($0) }
        let albums = DemoCatalogData.albums
        guard parts.count == 2, albums.indices.contains(parts[0]), albums[parts[0]].titles.indices.contains(parts[1])
        else { return nil }
        let album = albums[parts[0]]
        let seed = UInt64(StableHash.hex("\(album.title)/\(parts[1])"), radix: 16) ?? 1
        let samples = synth.render(
            style: style(album: parts[0]), seed: seed, seconds: DemoSeeder.length(album: parts[0], track: parts[1]))
        return synth.wav(samples)
    }

    /// The style a demo album's songs are synthesised in (its mood's).
    static func style(album: Int) -> DemoStyle {
        DemoStyle.all[DemoCatalogData.albums[album].mood] ?? DemoStyle.all["Chill"]!
    }

    /// The exact length of the demo song's WAV (whole bars and a tail, a little over
    /// `DemoSeeder.length`), known before it is synthesised: the row's duration is the audio's.
    static func seconds(album: Int, track: Int, synth: DemoSynth = DemoSynth()) -> Double {
        synth.renderedSeconds(style: style(album: album), seconds: DemoSeeder.length(album: album, track: track))
    }

    /// For a job of a demo song whose source file is not there: the song synthesised into a new
    /// temporary file (the caller removes it). Nil for any other job, or when the file is there.
    static func synthesiseIfMissing(_ payload: MediaJobPayload) throws -> String? {
        guard let song = payload.demoSong, !FileManager.default.fileExists(atPath: payload.file) else {
            return nil
        }
        guard let wav = wav(song) else { throw MediaToolError("no demo song \(song)") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sotube-demo-\(UUID().uuidString).wav")
        try wav.write(to: file)
        return file.path
    }

    /// What the scan would learn from the WAV, known in advance (16-bit PCM, `seconds` long).
    static func probe(seconds: Double) -> ProbeResult {
        ProbeResult(
            formatName: "wav", durationSeconds: seconds, audioCodec: "pcm_s16le", tags: [:], hasPicture: false,
            inputOptions: [], durationIsExact: true)
    }
}
