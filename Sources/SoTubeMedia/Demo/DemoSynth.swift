import Foundation

/// Synthesises a short song in a style: pads playing a chord progression, a bass line, drums
/// (sine-sweep kick, noise snare and hats) and a melody built from a repeated, varied phrase.
/// Deterministic for a seed; mono 16-bit at `sampleRate`.
public struct DemoSynth: Sendable {
    public var sampleRate: Int

    public init(sampleRate: Int = 22050) { self.sampleRate = sampleRate }

    /// Samples in a step (a sixteenth note) and whole bars (at least 8) for about `seconds` of `style`.
    func layout(style: DemoStyle, seconds: Double) -> (stepSamples: Int, bars: Int) {
        let stepSamples = Int(60 / style.tempo / 4 * Double(sampleRate))
        let bars = max(8, Int((seconds * Double(sampleRate) / Double(stepSamples * 16)).rounded(.up)))
        return (stepSamples, bars)
    }

    /// The exact length in seconds of what `render` makes for `seconds`: whole bars and a second of
    /// tail, known without rendering (the demo catalog's rows are written before their audio).
    public func renderedSeconds(style: DemoStyle, seconds: Double) -> Double {
        let (stepSamples, bars) = layout(style: style, seconds: seconds)
        return Double(bars * stepSamples * 16 + sampleRate) / Double(sampleRate)
    }

    /// Renders about `seconds` of music (rounded to whole bars) and returns 16-bit mono samples.
    public func render(style: DemoStyle, seed: UInt64, seconds: Double) -> [Int16] {
        var rng = SeededRandom(seed: seed)
        let (stepSamples, bars) = layout(style: style, seconds: seconds)
        let barSamples = stepSamples * 16
        let total = bars * barSamples + sampleRate  // one second of tail
        var mix = [Float](repeating: 0, count: total)
        var cache = NoteCache(sampleRate: sampleRate)
        let transpose = rng.int(5) - 2
        let root = style.root + transpose
        func scaleNote(_ degree: Int, octave: Int = 0) -> Int {
            let count = style.scale.count
            let wrapped = ((degree % count) + count) % count
            let octaves = (degree - wrapped) / count + octave
            return root + style.scale[wrapped] + 12 * octaves
        }
        // A four-bar melody phrase and its answer, as (start step, length in steps, degree).
        func phrase() -> [(Int, Int, Int)] {
            var notes: [(Int, Int, Int)] = []
            var degree = style.scale.count + rng.int(3)
            for bar in 0..<4 {
                let chord = style.progression[bar % style.progression.count]
                var step = 0
                for length in style.rhythms[rng.int(style.rhythms.count)] {
                    if step % 8 == 0 {
                        // strong beat: land on a chord tone near the current note
                        let tones = [chord, chord + 2, chord + 4].map { $0 + style.scale.count }
                        degree = tones.min(by: { abs($0 - degree) < abs($1 - degree) }) ?? degree
                    } else {
                        degree += [-2, -1, -1, 1, 1, 2, 0][rng.int(7)]
                        degree = min(max(degree, 3), style.scale.count * 2 + 3)
                    }
                    if rng.int(8) != 0 || step == 0 { notes.append((bar * 16 + step, length * 2, degree)) }
                    step += length * 2
                }
            }
            return notes
        }
        let phraseA = phrase()
        let phraseB = phrase()
        let intro = 2
        for bar in 0..<bars {
            let start = bar * barSamples
            let chordDegree = style.progression[bar % style.progression.count]
            let outro = bar >= bars - 2
            // Pads: the chord held for the bar.
            var chordTones = [chordDegree, chordDegree + 2, chordDegree + 4]
            if style.sevenths { chordTones.append(chordDegree + 6) }
            for tone in chordTones {
                let note = cache.note(
                    style.chords, midi: scaleNote(tone, octave: -1), length: barSamples, attack: 0.08,
                    decay: 3.0)
                add(note, into: &mix, at: start, gain: 0.07)
            }
            // Bass line.
            for (step, symbol) in style.bass.enumerated() where symbol != "." {
                let offset = symbol == "f" ? 4 : 0
                let octave = symbol == "o" ? -1 : -2
                let note = cache.note(
                    style.bassTimbre, midi: scaleNote(chordDegree + offset, octave: octave),
                    length: stepSamples * 2,
                    attack: 0.005, decay: 0.5)
                add(note, into: &mix, at: start + step * stepSamples, gain: 0.22)
            }
            // Drums (none in the first bar, lighter in the outro).
            if bar > 0 {
                for step in 0..<16 {
                    let at = start + step * stepSamples
                    if style.kick.char(step) == "x" { add(cache.kick, into: &mix, at: at, gain: 0.45) }
                    if style.snare.char(step) == "x" && !outro {
                        add(cache.snare, into: &mix, at: at, gain: 0.22)
                    }
                    if style.hat.char(step) == "x" {
                        add(cache.hat, into: &mix, at: at, gain: step % 4 == 0 ? 0.09 : 0.05)
                    }
                }
            }
            // Melody: A A B A after the intro.
            if bar >= intro && !outro && (bar - intro) % 4 == 0 {
                let section = ((bar - intro) / 4) % 4
                let notes = section == 2 ? phraseB : phraseA
                let lift = section == 3 ? 1 : 0
                for (step, length, degree) in notes {
                    let at = start + step * stepSamples
                    guard at < bars * barSamples else { continue }
                    let note = cache.note(
                        style.lead, midi: scaleNote(degree + lift), length: length * stepSamples, attack: 0.01,
                        decay: style.leadDecay)
                    add(note, into: &mix, at: at, gain: 0.16)
                }
            }
        }
        return finish(mix, fadeSeconds: 3)
    }

    /// Adds `source × gain` into `mix` from `offset`.
    func add(_ source: [Float], into mix: inout [Float], at offset: Int, gain: Float) {
        let count = min(source.count, mix.count - offset)
        guard count > 0 else { return }
        mix.withUnsafeMutableBufferPointer { out in
            source.withUnsafeBufferPointer { src in
                var i = 0
                while i < count {
                    out[offset + i] += src[i] * gain
                    i += 1
                }
            }
        }
    }

    /// Fade-out, normalisation to -1 dBFS and conversion to 16-bit.
    func finish(_ mix: [Float], fadeSeconds: Double) -> [Int16] {
        var peak: Float = 0.0001
        for value in mix { peak = max(peak, abs(value)) }
        let scale = 0.89 / peak * 32767
        let fade = Int(fadeSeconds * Double(sampleRate))
        let fadeStart = mix.count - fade
        var out = [Int16](repeating: 0, count: mix.count)
        out.withUnsafeMutableBufferPointer { dst in
            mix.withUnsafeBufferPointer { src in
                for i in 0..<src.count {
                    var value = src[i] * scale
                    if i > fadeStart { value *= Float(mix.count - i) / Float(fade) }
                    dst[i] = Int16(max(-32767, min(32767, value)))
                }
            }
        }
        return out
    }

    /// A RIFF/WAVE file of 16-bit mono samples.
    public func wav(_ samples: [Int16]) -> Data {
        var data = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8))
        u32(36 + bytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(1)
        u16(1)
        u32(UInt32(sampleRate))
        u32(UInt32(sampleRate * 2))
        u16(2)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(bytes)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }
}

/// Rendered notes and drum hits, made once and reused.
struct NoteCache {
    let sampleRate: Int
    var notes: [String: [Float]] = [:]
    var tables: [String: [Float]] = [:]
    let kick: [Float]
    let snare: [Float]
    let hat: [Float]

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
        let rate = Float(sampleRate)
        var noise = SeededRandom(seed: 7)
        kick = (0..<Int(0.3 * rate)).map { i in
            let t = Float(i) / rate
            let phase = 2 * Float.pi * (50 * t + 100 * (1 - exp(-t * 25)) / 25)
            return sin(phase) * exp(-t * 9)
        }
        snare = (0..<Int(0.2 * rate)).map { i in
            let t = Float(i) / rate
            return (noise.float() * 2 - 1) * exp(-t * 22) * 0.8 + sin(2 * Float.pi * 185 * t)
                * exp(-t * 30) * 0.5
        }
        var last: Float = 0
        hat = (0..<Int(0.05 * rate)).map { i in
            let t = Float(i) / rate
            let white = noise.float() * 2 - 1
            let high = white - last  // crude high-pass
            last = white
            return high * exp(-t * 80)
        }
    }

    /// One cycle of `timbre` at `frequency`, harmonics above 9 kHz left out (no aliasing).
    mutating func table(_ timbre: DemoStyle.Timbre, frequency: Float) -> [Float] {
        let limit = max(1, Int(9000 / frequency))
        let key = "\(timbre)-\(limit)"
        if let table = tables[key] { return table }
        let size = 1024
        let harmonics = Array(timbre.harmonics.prefix(limit))
        var table = [Float](repeating: 0, count: size)
        for (index, amplitude) in harmonics.enumerated() where amplitude != 0 {
            for i in 0..<size {
                table[i] += amplitude * sin(2 * Float.pi * Float(index + 1) * Float(i) / Float(size))
            }
        }
        let peak = table.map(abs).max() ?? 1
        table = table.map { $0 / max(peak, 0.0001) }
        tables[key] = table
        return table
    }

    /// A note of `length` samples plus a short release, with attack and exponential decay.
    mutating func note(
        _ timbre: DemoStyle.Timbre, midi: Int, length: Int, attack: Double, decay: Double
    ) -> [Float] {
        let key = "\(timbre)-\(midi)-\(length)-\(attack)-\(decay)"
        if let note = notes[key] { return note }
        let frequency = 440 * pow(2, Float(midi - 69) / 12)
        let table = table(timbre, frequency: frequency)
        let release = sampleRate / 20
        let count = length + release
        let rate = Float(sampleRate)
        let increment = frequency * Float(table.count) / rate
        let attackSamples = max(1, Float(attack) * rate)
        let decayRate = 1 / (Float(decay) * rate)
        var out = [Float](repeating: 0, count: count)
        var phase: Float = 0
        let size = Float(table.count)
        table.withUnsafeBufferPointer { wave in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let f = Float(i)
                    var envelope = min(1, f / attackSamples) * (1 / (1 + f * decayRate))
                    if i >= length { envelope *= Float(count - i) / Float(release) }
                    dst[i] = wave[Int(phase)] * envelope
                    phase += increment
                    if phase >= size { phase -= size }
                }
            }
        }
        notes[key] = out
        return out
    }
}

extension String {
    func char(_ index: Int) -> Character {
        let characters = Array(self)
        return index < characters.count ? characters[index] : "."
    }
}
