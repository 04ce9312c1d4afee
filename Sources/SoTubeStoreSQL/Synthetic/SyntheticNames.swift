import Foundation
import SoTubeCore

/// Names for a synthetic catalog: common English and Russian words, names with diacritics, and
/// invented words (a large vocabulary, like a real catalog's).
struct SynthNames {
    var random: SplitMix64

    static let common = """
        love night day heart fire rain dream light dark blue gold summer winter river road home sky sun moon star \
        city girl boy time world life soul baby dance song wild free lost young old sweet black white red green \
        ocean shadow angel devil ghost paradise highway midnight morning heaven storm thunder silver diamond \
        broken golden electric velvet neon crystal secret forever never always tonight yesterday tomorrow
        """.split(separator: " ").map(String.init)
    static let russian = """
        любовь ночь день сердце огонь дождь мечта свет небо солнце луна звезда город ёлка весна зима лето \
        осень река дорога дом море ветер песня танец время жизнь душа снег берёза молодость
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let accented = """
        Björk Sigur Rós Mötley Crüe Beyoncé Zoë Ólafur Arnalds Motörhead Chloé Renée Dvořák Ðorđe \
        Mélanie Søren José Müller Françoise Hardy Ludovico Éric Señor Ǻsa Łukasz Żaneta Ørjan
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let syllables = """
        ka lo mi ra te su no vi an el or is ba de fu go hi ju ke la ma ne po qu ri sa to ul ve wa xe yo za \
        bri cha dro fle gra kli mon pla sto tra vel zor lin dar mes rok tan vor
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let genres = [
        "Pop", "Rock", "Electronic", "Hip-Hop", "Jazz", "Classical", "Folk", "Metal", "R&B", "Indie", "Ambient",
        "Country",
    ]
    static let moods = ["Chill", "Focus", "Party", "Workout", "Sleep", "Happy", "Melancholy", "Romance"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func invented() -> String {
        let count = int(2...3)
        let word = (0..<count).map { _ in Self.syllables[int(0...(Self.syllables.count - 1))] }.joined()
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    mutating func word() -> String {
        let roll = int(0...99)
        if roll < 40 { return Self.common[int(0...(Self.common.count - 1))].capitalized }
        if roll < 50 { return Self.russian[int(0...(Self.russian.count - 1))].capitalized }
        if roll < 55 { return Self.accented[int(0...(Self.accented.count - 1))] }
        return invented()
    }

    mutating func phrase(_ words: ClosedRange<Int>) -> String {
        (0..<int(words)).map { _ in word() }.joined(separator: " ")
    }
}
