/// A word's songs read forward: the first ordinal at or after a target.
protocol OrdinalCursor {
    /// How long the list is (blocks or runs): the shortest leads the walk.
    var length: Int { get }
    mutating func seek(_ target: Int) -> Int?
}

/// A word's songs tested one by one.
protocol OrdinalSet {
    mutating func contains(_ ordinal: Int) -> Bool
}

/// One bit per song.
struct Bitmap: OrdinalSet {
    let words: [UInt64]

    init(_ ordinals: [Int], songs: Int) {
        var words = [UInt64](repeating: 0, count: songs / 64 + 1)
        for ordinal in ordinals { words[ordinal >> 6] |= 1 << UInt64(ordinal & 63) }
        self.words = words
    }

    func contains(_ ordinal: Int) -> Bool { words[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0 }
}

/// A word's songs as blocks, or, when it is in many songs, as one bit per song.
enum Posting {
    case blocks(PostingBlocks)
    case bits(Bitmap)

    /// Does a word in `count` of `songs` songs go into a bitmap (when bitmaps are asked for)?
    static func isDense(_ count: Int, songs: Int) -> Bool { count * 16 >= songs }

    /// `ordinals` ascending, of `songs` songs; a bitmap when `bitmaps` and the word is dense.
    init(_ ordinals: [Int], songs: Int, bitmaps: Bool) {
        self =
            bitmaps && Self.isDense(ordinals.count, songs: songs)
            ? .bits(Bitmap(ordinals, songs: songs)) : .blocks(PostingBlocks(ordinals))
    }

    var size: Int {
        switch self {
        case .blocks(let list): return list.size
        case .bits(let bitmap): return bitmap.words.count * 8
        }
    }
}

/// How many songs hold every word of `postings`, in ordinal order, stopping once `limit` are counted.
func conjunction(_ postings: [Posting], limit: Int) -> Int {
    var lists: [PostingCursor] = []
    var bitmaps: [Bitmap] = []
    for posting in postings {
        switch posting {
        case .blocks(let list): lists.append(PostingCursor(list))
        case .bits(let bitmap): bitmaps.append(bitmap)
        }
    }
    return conjunction(lists, bitmaps, limit: limit)
}

/// How many songs are in every cursor's list and every set, in ordinal order, stopping once `limit` are
/// counted: the shortest list leads, each other list is sought to its ordinal in turn (a miss moves the
/// lead past it), and the sets are asked for each song the lists agree on. With no list, the sets'
/// bitmaps are ANDed a 64-bit word at a time (counting up to 63 past `limit`).
func conjunction<Cursor: OrdinalCursor, Set: OrdinalSet>(_ lists: [Cursor], _ sets: [Set], limit: Int) -> Int {
    guard !lists.isEmpty else { return scan(sets, limit: limit) }
    var cursors = lists.sorted { $0.length < $1.length }
    var sets = sets
    var found = 0
    var target = 0
    walk: while found < limit {
        guard let lead = cursors[0].seek(target) else { break }
        target = lead
        var index = 1
        while index < cursors.count {
            guard let ordinal = cursors[index].seek(target) else { break walk }
            if ordinal != target {
                target = ordinal
                continue walk
            }
            index += 1
        }
        if sets.indices.allSatisfy({ sets[$0].contains(target) }) { found += 1 }
        target += 1
    }
    return found
}

/// Every song in all the sets (bitmaps in memory), a word of 64 at a time.
private func scan<Set: OrdinalSet>(_ sets: [Set], limit: Int) -> Int {
    let bitmaps = sets.compactMap { $0 as? Bitmap }
    precondition(bitmaps.count == sets.count, "only bitmaps in memory are scanned whole")
    guard let first = bitmaps.first else { return 0 }
    var found = 0
    for word in first.words.indices {
        var bits = first.words[word]
        for other in bitmaps.dropFirst() { bits &= other.words[word] }
        found += bits.nonzeroBitCount
        if found >= limit { break }
    }
    return found
}
