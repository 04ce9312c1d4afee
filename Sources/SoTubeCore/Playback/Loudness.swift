import Foundation

/// EBU R128 measurements of a song (or an album): integrated loudness (LUFS) and true peak (dBTP).
public struct Loudness: Sendable, Equatable {
    public var integratedLUFS: Double
    public var truePeakDB: Double

    public init(integratedLUFS: Double, truePeakDB: Double) {
        self.integratedLUFS = integratedLUFS
        self.truePeakDB = truePeakDB
    }

    /// Hundredths, as the store keeps them (integer columns on every engine).
    public var storedLoudness: Int { Int((integratedLUFS * 100).rounded()) }
    public var storedPeak: Int { Int((truePeakDB * 100).rounded()) }
    public init(storedLoudness: Int, storedPeak: Int) {
        self.init(integratedLUFS: Double(storedLoudness) / 100, truePeakDB: Double(storedPeak) / 100)
    }

    /// The ReplayGain 2.0 reference level.
    public static let replayGainReference = -18.0

    /// ReplayGain gain in dB (toward −18 LUFS).
    public var replayGainDB: Double { ((Self.replayGainReference - integratedLUFS) * 100).rounded() / 100 }
    /// The peak as a linear amplitude (1 = full scale), as ReplayGain gives it.
    public var linearPeak: Double { (pow(10, truePeakDB / 20) * 10000).rounded() / 10000 }

    /// The gain the web player applies (the server sends it with each song, for the song and its
    /// album): toward `target` LUFS, lowered so the true peak stays at or below `ceiling` dBTP (no
    /// clipping), in hundredths of a dB.
    public func playbackGainDB(target: Double = -14, ceiling: Double = -1) -> Double {
        (min(target - integratedLUFS, ceiling - truePeakDB) * 100).rounded() / 100
    }

    /// An album's loudness from its songs': their energies averaged by duration (how one
    /// measurement over the songs played back to back comes out, gating aside), and the highest peak.
    public static func album(_ songs: [(loudness: Loudness, durationMs: Int)]) -> Loudness? {
        let weighted = songs.filter { $0.durationMs > 0 }
        guard !weighted.isEmpty else { return nil }
        let total = weighted.reduce(0.0) { $0 + Double($1.durationMs) }
        let energy = weighted.reduce(0.0) {
            $0 + Double($1.durationMs) * pow(10, $1.loudness.integratedLUFS / 10)
        }
        let integrated = 10 * log10(energy / total)
        let peak = weighted.map(\.loudness.truePeakDB).max() ?? 0
        return Loudness(integratedLUFS: (integrated * 100).rounded() / 100, truePeakDB: peak)
    }

    /// Reads the summary ffmpeg's `ebur128=peak=true` filter prints at its end (on standard error):
    /// "Integrated loudness: I: -23.0 LUFS" and "True peak: Peak: -3.0 dBFS". Nil when absent.
    public static func parseEBUR128Summary(_ text: String) -> Loudness? {
        guard let summary = text.range(of: "Summary:", options: .backwards) else { return nil }
        let tail = text[summary.upperBound...]
        func value(after section: String, label: String) -> Double? {
            guard let start = tail.range(of: section) else { return nil }
            let rest = tail[start.upperBound...]
            guard let mark = rest.range(of: label) else { return nil }
            return level(at: rest[mark.upperBound...])
        }
        guard let integrated = value(after: "Integrated loudness:", label: "I:") else { return nil }
        let peak = value(after: "True peak:", label: "Peak:") ?? 0
        return Loudness(integratedLUFS: integrated, truePeakDB: peak)
    }

    /// Reads the whole stream's peak ffmpeg's `astats` filter prints at its end ("Peak level dB:
    /// -3.010300"; the last such line): dBFS, −120 for silence ("-inf"). Nil when absent, or not a
    /// level any audio has.
    public static func parsePeakLevel(_ text: String) -> Double? {
        guard let line = text.range(of: "Peak level dB:", options: .backwards) else { return nil }
        return level(at: text[line.upperBound...])
    }

    /// The level (dB) a line of ffmpeg's gives after its label: −120 for "-inf"; nil for "inf", "nan"
    /// or a level no audio has (not a measurement, and no trap storing it).
    static func level(at rest: Substring) -> Double? {
        let number = rest.drop(while: { $0 == " " })
            .prefix(while: { $0 == "-" || $0 == "." || $0.isNumber || $0 == "i" || $0 == "n" || $0 == "f" })
        if number == "-inf" { return -120 }
        guard let value = Double(number), (-200...200).contains(value) else { return nil }
        return value
    }
}
