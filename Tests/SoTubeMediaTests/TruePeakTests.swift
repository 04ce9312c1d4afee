import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// The loudness pass's true peak is the peak of the signal between its samples (ITU-R BS.1770),
/// whatever the song's rate. A tone at a quarter of the rate, sampled 45° from its crests, has every
/// sample at 0.707 of its amplitude (3.01 dB under it): a pass that read the samples' own peak
/// would give −9.03 dBFS for a tone of amplitude 0.5, whose true peak is −6.02. It fades in and out:
/// a tone that starts at full level is a step, and any band-limited reading of a step overshoots.
@Suite struct TruePeakTests {
    @Test(arguments: [22050, 44100, 48000, 96000])
    func theTruePeakIsTheTonesAmplitudeAtAnyRate(rate: Int) async throws {
        let tools = MediaTools()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("truepeak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tone.flac").path
        try await tools.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*\(rate)/4*t+PI/4):s=\(rate):d=5", "-af",
            "afade=t=in:d=1,afade=t=out:st=4:d=1", "-c:a", "flac", file,
        ])
        let probe = try await tools.probe(file)
        #expect(probe.sampleRate == rate)
        let measured = try await tools.measureSong(file, inputOptions: probe.inputOptions, sampleRate: probe.sampleRate)
        #expect(abs(measured.loudness.truePeakDB - -6.02) < 0.25, "\(rate) Hz: \(measured.loudness.truePeakDB)")
        // The samples' own peak is 3 dB under it: what a pass without oversampling would report.
        let samples = try await tools.run(
            tools.ffmpeg,
            ["-nostdin", "-hide_banner", "-i", file, "-af", "aformat=sample_fmts=flt,astats", "-f", "null", "-"])
        let samplePeak = try #require(Loudness.parsePeakLevel(samples.errorText))
        #expect(abs(samplePeak - -9.03) < 0.05, "\(rate) Hz: the samples' peak \(samplePeak)")
        // ffmpeg's own true peak (`ebur128=peak=true`, the pass when the rate is unknown) agrees, and
        // the loudness is the same filter's either way.
        let reference = try await tools.measureSong(file, inputOptions: probe.inputOptions)
        #expect(abs(reference.loudness.truePeakDB - -6.02) < 0.25, "\(rate) Hz: \(reference.loudness.truePeakDB)")
        #expect(measured.loudness.integratedLUFS == reference.loudness.integratedLUFS)
        #expect(measured.pcm == reference.pcm)
    }
}
