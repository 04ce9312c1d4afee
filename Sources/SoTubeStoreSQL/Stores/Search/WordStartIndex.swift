import SoTubeCore

/// For each song, which of a few short prefixes start a word of its title, and of its title with its
/// context (artist and album names): one bit per song and prefix, in memory (`WordStartBitmaps`).
///
/// Songs are found by doc_id (`SearchRanking.Bands`): a slot per band and name length, numbered in
/// the order they were indexed, so each slot's bits are a dense array of its numbers.
struct WordStartIndex: Sendable {
    enum Scope: Int, Sendable, CaseIterable {
        /// The title's words (the songs' names pass).
        case titles = 0
        /// The title's and the context's words (the full pass).
        case all = 1
    }

    /// The changes (`SQLSearchIndex`'s `search_generation`) this index holds.
    var generation: Int64
    /// The prefixes, by `key`: their numbers.
    let prefixes: [UInt64: Int]
    /// doc_id / slotWidth: the slot's place in each bitmap.
    private var slots: [Int64: Int] = [:]
    /// Bitmap `scope * prefixes.count + prefix`: per slot, its words of 64 songs.
    private var bits: [[[UInt64]]]
    /// Document contexts (shared by an album's songs) already split into their prefixes.
    private var contexts: [String: [Int]] = [:]

    /// A song numbered past this in its slot is not held (an index made by someone else's code, say):
    /// `add` then says no, and the bitmaps are not used.
    static let largestNumber: Int64 = 1 << 27

    init(prefixes: [String], generation: Int64) {
        var numbers: [UInt64: Int] = [:]
        for prefix in prefixes {
            guard let key = Self.key(prefix), numbers[key] == nil else { continue }
            numbers[key] = numbers.count
        }
        self.prefixes = numbers
        self.generation = generation
        self.bits = Array(repeating: [], count: numbers.count * Scope.allCases.count)
    }

    /// A prefix of one or two Unicode scalars as one number; nil for any other.
    static func key(_ prefix: String) -> UInt64? {
        var scalars = prefix.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return nil }
        let second = scalars.next()
        guard scalars.next() == nil else { return nil }
        return key(first.value, second?.value)
    }

    /// 21 bits per scalar; a prefix of one letter has all of the second's set (no scalar is that).
    static func key(_ first: UInt32, _ second: UInt32?) -> UInt64 {
        UInt64(first) << 21 | UInt64(second ?? 0x1F_FFFF)
    }

    /// The bitmap of `prefix` in `scope`, nil when it has none.
    func bitmap(_ prefix: String, scope: Scope) -> Int? {
        guard let key = Self.key(prefix), let number = prefixes[key] else { return nil }
        return scope.rawValue * prefixes.count + number
    }

    /// The numbers of the prefixes starting a word of `text` (words of normalised text are separated
    /// by single spaces), each once or more.
    func prefixNumbers(of text: String) -> [Int] {
        var found: [Int] = []
        var atStart = true
        var first: UInt32?
        func word(_ a: UInt32, _ b: UInt32?) {
            if let number = prefixes[Self.key(a, nil)] { found.append(number) }
            if let b, let number = prefixes[Self.key(a, b)] { found.append(number) }
        }
        for scalar in text.unicodeScalars {
            if scalar == " " {
                if let a = first { word(a, nil) }
                first = nil
                atStart = true
            } else if atStart {
                first = scalar.value
                atStart = false
            } else if let a = first {
                word(a, scalar.value)
                first = nil
            }
        }
        if let a = first { word(a, nil) }
        return found
    }

    /// Sets the bits of a song (after clearing any its doc_id held, unless it is known to hold none:
    /// `clearing` false); false when it cannot be held.
    mutating func add(docID: Int64, name: String, context: String, clearing: Bool = true) -> Bool {
        guard let (slot, number) = placeAdding(docID) else { return false }
        if clearing { clear(slot: slot, number: number) }
        let contextNumbers: [Int]
        if let known = contexts[context] {
            contextNumbers = known
        } else {
            contextNumbers = prefixNumbers(of: context)
            // Bounded: an album's songs come together.
            if contexts.count >= 100_000 { contexts.removeAll(keepingCapacity: true) }
            contexts[context] = contextNumbers
        }
        let count = prefixes.count
        for prefix in prefixNumbers(of: name) {
            set(Scope.titles.rawValue * count + prefix, slot: slot, number: number)
            set(Scope.all.rawValue * count + prefix, slot: slot, number: number)
        }
        for prefix in contextNumbers { set(Scope.all.rawValue * count + prefix, slot: slot, number: number) }
        return true
    }

    /// Makes the slot of `docID`, the last song it will hold, with every bitmap's words for it at once:
    /// grown by appends as songs came, the arrays left freed blocks of every size between the rows decoded,
    /// and the heap's allocations took longer for everything the server did after (docs/performance.md).
    /// Words a slot holds already keep their bits: it is extended with empty ones.
    mutating func reserve(through docID: Int64) {
        guard let (slot, number) = placeAdding(docID) else { return }
        let words = Int(number >> 6) + 1
        for bitmap in bits.indices where bits[bitmap][slot].count < words {
            bits[bitmap][slot].reserveCapacity(words)
            bits[bitmap][slot].append(contentsOf: repeatElement(0, count: words - bits[bitmap][slot].count))
        }
    }

    /// Forgets the contexts split while adding (once every song is added).
    mutating func forgetContexts() { contexts = [:] }

    /// Clears every bit of the song at `docID`.
    mutating func remove(docID: Int64) {
        guard let (slot, number) = place(docID) else { return }
        clear(slot: slot, number: number)
    }

    /// Does a word of the song at `docID` start with the prefix of `bitmap`?
    func contains(docID: Int64, bitmap: Int) -> Bool {
        guard bitmap >= 0, bitmap < bits.count, let (slot, number) = place(docID) else {
            return false
        }
        let word = Int(number >> 6)
        return bits[bitmap][slot].withUnsafeBufferPointer { words in
            word < words.count && words[word] & (1 << UInt64(number & 63)) != 0
        }
    }

    /// Bytes the bits take.
    var bytes: Int { bits.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count * 8 } } }

    private func slotKey(_ docID: Int64) -> (Int64, Int64)? {
        guard docID > 0 else { return nil }
        let number = docID % SearchRanking.Bands.slotWidth
        guard number < Self.largestNumber else { return nil }
        return (docID / SearchRanking.Bands.slotWidth, number)
    }

    /// The song's slot and number, its slot made when it has none.
    private mutating func placeAdding(_ docID: Int64) -> (Int, Int64)? {
        guard let (key, number) = slotKey(docID) else { return nil }
        if let slot = slots[key] { return (slot, number) }
        let slot = slots.count
        slots[key] = slot
        for index in bits.indices { bits[index].append([]) }
        return (slot, number)
    }

    private func place(_ docID: Int64) -> (Int, Int64)? {
        guard let (key, number) = slotKey(docID), let slot = slots[key] else { return nil }
        return (slot, number)
    }

    private mutating func set(_ bitmap: Int, slot: Int, number: Int64) {
        let word = Int(number >> 6)
        let missing = word + 1 - bits[bitmap][slot].count
        if missing > 0 { bits[bitmap][slot].append(contentsOf: repeatElement(0, count: missing)) }
        bits[bitmap][slot][word] |= 1 << UInt64(number & 63)
    }

    private mutating func clear(slot: Int, number: Int64) {
        let word = Int(number >> 6)
        let mask = ~(UInt64(1) << UInt64(number & 63))
        for bitmap in bits.indices where word < bits[bitmap][slot].count {
            bits[bitmap][slot][word] &= mask
        }
    }
}
