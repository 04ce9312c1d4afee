import SoTubeCore

/// A musical style for the demo songs: tempo, scale, chords, timbres and grooves.
public struct DemoStyle: Sendable {
    public enum Timbre: Sendable {
        case sine, soft, saw, square, triangle, epiano, pad, bass, pluck
        /// Harmonic amplitudes (index 0 is the fundamental).
        var harmonics: [Float] {
            switch self {
            case .sine: return [1]
            case .soft: return [1, 0.25, 0.08]
            case .saw: return (1...14).map { (n: Int) -> Float in 1 / Float(n) }
            case .square: return (1...13).map { (n: Int) -> Float in n % 2 == 1 ? 1 / Float(n) : 0 }
            case .triangle: return [1, 0, -1 / 9, 0, 1 / 25, 0, -1 / 49, 0, 1 / 81]
            case .epiano: return [1, 0.45, 0.12, 0.18, 0.05]
            case .pad: return [1, 0.5, 0.33, 0.22, 0.15, 0.1]
            case .bass: return [1, 0.55, 0.3, 0.12, 0.06]
            case .pluck: return [1, 0.6, 0.4, 0.25, 0.15, 0.1, 0.05]
            }
        }
    }

    public var name: String
    public var tempo: Double
    /// Semitone offsets of the scale from the root.
    public var scale: [Int]
    /// MIDI note of the key's root (octave of the melody).
    public var root: Int
    /// Chords as scale degrees (0-based) of their roots, one per bar.
    public var progression: [Int]
    public var lead: Timbre
    public var chords: Timbre
    public var bassTimbre: Timbre
    /// 16 steps each: "x" hit, "." rest (kick, snare, hat).
    public var kick: String
    public var snare: String
    public var hat: String
    /// 16 steps: "r" root, "f" fifth, "o" octave, "." rest.
    public var bass: String
    /// Melody rhythms in eighths, each bar summing to 8.
    public var rhythms: [[Int]]
    /// Extra chord tone (7th) in the pads.
    public var sevenths: Bool
    /// Lead note shape: short plucked notes or held ones.
    public var leadDecay: Double

    /// The five demo moods' styles, by mood name.
    public static let all: [String: DemoStyle] = [
        "Chill": DemoStyle(
            name: "Chill", tempo: 84, scale: [0, 2, 4, 5, 7, 9, 11], root: 65, progression: [0, 5, 3, 4],
            lead: .soft, chords: .pad, bassTimbre: .bass,
            kick: "x.........x.....", snare: "....x.......x...", hat: "x.x.x.x.x.x.x.x.",
            bass: "r.......f...r...",
            rhythms: [[4, 4], [2, 2, 4], [3, 1, 4], [2, 6]], sevenths: true, leadDecay: 1.4),
        "Melancholy": DemoStyle(
            name: "Melancholy", tempo: 72, scale: [0, 2, 3, 5, 7, 8, 10], root: 62,
            progression: [0, 5, 2, 6],
            lead: .triangle, chords: .pad, bassTimbre: .soft,
            kick: "x...............", snare: "........x.......", hat: "....x.......x...",
            bass: "r...........f...",
            rhythms: [[6, 2], [4, 4], [2, 2, 4], [8]], sevenths: false, leadDecay: 2.0),
        "Energetic": DemoStyle(
            name: "Energetic", tempo: 128, scale: [0, 2, 3, 5, 7, 8, 10], root: 69,
            progression: [0, 6, 5, 6],
            lead: .saw, chords: .saw, bassTimbre: .bass,
            kick: "x...x...x...x...", snare: "....x.......x...", hat: "xxxxxxxxxxxxxxxx",
            bass: "r.r.r.r.o.r.r.r.",
            rhythms: [[1, 1, 2, 1, 1, 2], [2, 2, 2, 2], [1, 1, 1, 1, 4], [3, 3, 2]], sevenths: false,
            leadDecay: 0.35),
        "Party": DemoStyle(
            name: "Party", tempo: 116, scale: [0, 2, 3, 5, 7, 9, 10], root: 64,
            progression: [0, 3, 0, 4],
            lead: .square, chords: .epiano, bassTimbre: .pluck,
            kick: "x...x...x...x...", snare: "....x.......x...", hat: "..x...x...x...x.",
            bass: "r..r..o.r.r..f..",
            rhythms: [[1, 2, 1, 2, 2], [3, 1, 1, 3], [2, 1, 1, 2, 2], [1, 1, 2, 4]], sevenths: true,
            leadDecay: 0.3),
        "Focus": DemoStyle(
            name: "Focus", tempo: 88, scale: [0, 2, 4, 7, 9], root: 67, progression: [1, 4, 0, 3],
            lead: .epiano, chords: .epiano, bassTimbre: .soft,
            kick: "x.....x...x.....", snare: "....x.......x...", hat: "x.xxx.xxx.xxx.x.",
            bass: "r.....f...r.o...",
            rhythms: [[2, 2, 2, 2], [3, 3, 2], [2, 6], [1, 1, 2, 2, 2]], sevenths: true, leadDecay: 0.8),
    ]
}

/// `SplitMix64` with the draws the demo synthesiser uses.
struct SeededRandom {
    var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { generator.next() }
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
    mutating func float() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
