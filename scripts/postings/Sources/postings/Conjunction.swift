/// A word's songs as blocks, or, when it is in many songs, as one bit per song.
enum Posting {
    case blocks(PostingBlocks)
    case bits([UInt64])

    /// `ordinals` ascending, of `songs` songs; a bitmap when `bitmaps` and the word is in 1/16 of them or more.
    init(_ ordinals: [Int], songs: Int, bitmaps: Bool) {
        guard bitmaps, ordinals.count * 16 >= songs else {
            self = .blocks(PostingBlocks(ordinals))
            return
        }
        var bits = [UInt64](repeating: 0, count: songs / 64 + 1)
        for ordinal in ordinals { bits[ordinal >> 6] |= 1 << UInt64(ordinal & 63) }
        self = .bits(bits)
    }

    var size: Int {
        switch self {
        case .blocks(let list): return list.size
        case .bits(let bits): return bits.count * 8
        }
    }
}

/// How many songs hold every word, in ordinal order, stopping once `limit` are counted (bitmaps alone
/// count a 64-bit word at a time, so up to 63 past it): the shortest block list
/// leads, each other block list is sought to its ordinal in turn (a miss moves the lead past it), and the
/// bitmaps are tested for each song the block lists agree on.
func conjunction(_ postings: [Posting], limit: Int) -> Int {
    var lists: [PostingBlocks] = []
    var bitmaps: [[UInt64]] = []
    for posting in postings {
        switch posting {
        case .blocks(let list): lists.append(list)
        case .bits(let bits): bitmaps.append(bits)
        }
    }
    guard !lists.isEmpty else { return bitmapConjunction(bitmaps, limit: limit) }
    var cursors = lists.map(PostingCursor.init).sorted { $0.blocks < $1.blocks }
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
        if bitmaps.allSatisfy({ $0[target >> 6] & (1 << UInt64(target & 63)) != 0 }) { found += 1 }
        target += 1
    }
    return found
}

private func bitmapConjunction(_ bitmaps: [[UInt64]], limit: Int) -> Int {
    guard let first = bitmaps.first else { return 0 }
    var found = 0
    for word in first.indices {
        var bits = first[word]
        for other in bitmaps.dropFirst() { bits &= other[word] }
        found += bits.nonzeroBitCount
        if found >= limit { break }
    }
    return found
}
