/// One word's songs, ascending ordinals, in blocks of `size`: each block's first ordinal, then the gaps as
/// LEB128 varints; each block's last ordinal is kept apart, so a seek skips whole blocks without decoding.
struct PostingBlocks {
    static let size = 128
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int] = []
    private(set) var firsts: [Int] = []
    private(set) var lasts: [Int] = []
    /// How many ordinals: every block holds `size` of them but the last.
    private(set) var total = 0

    init(_ ordinals: [Int]) {
        var index = 0
        while index < ordinals.count {
            let end = min(index + Self.size, ordinals.count)
            starts.append(bytes.count)
            firsts.append(ordinals[index])
            lasts.append(ordinals[end - 1])
            var previous = ordinals[index]
            for ordinal in ordinals[(index + 1)..<end] {
                var gap = UInt(ordinal - previous)
                previous = ordinal
                while gap >= 0x80 {
                    bytes.append(UInt8(gap & 0x7f) | 0x80)
                    gap >>= 7
                }
                bytes.append(UInt8(gap))
            }
            index = end
        }
        total = ordinals.count
    }

    /// How many ordinals block `index` holds.
    func count(_ index: Int) -> Int { index < lasts.count - 1 ? Self.size : total - index * Self.size }

    /// Bytes kept: the gaps, and three integers a block (where it starts, its first and last ordinal).
    var size: Int { bytes.count + 24 * lasts.count }

    /// As stored (`StoredPostings`): the number of blocks and of ordinals, each block's start, first and
    /// last ordinal, then the gaps; integers as 8 bytes, little-endian.
    var serialized: [UInt8] {
        var header = [lasts.count, total]
        for index in lasts.indices { header += [starts[index], firsts[index], lasts[index]] }
        return header.flatMap { withUnsafeBytes(of: Int64($0).littleEndian, Array.init) } + bytes
    }

    /// What `serialized` wrote.
    init(serialized data: UnsafeRawBufferPointer) {
        func integer(_ index: Int) -> Int {
            Int(Int64(littleEndian: data.loadUnaligned(fromByteOffset: index * 8, as: Int64.self)))
        }
        let blocks = integer(0)
        total = integer(1)
        for block in 0..<blocks {
            starts.append(integer(2 + block * 3))
            firsts.append(integer(3 + block * 3))
            lasts.append(integer(4 + block * 3))
        }
        bytes = Array(data[(16 + blocks * 24)...])
    }
}

/// Reads a `PostingBlocks` forward, decoding a block only when a seek lands in it.
struct PostingCursor: OrdinalCursor {
    private let list: PostingBlocks
    private var block = -1
    private var decoded = [Int](repeating: 0, count: PostingBlocks.size)
    private var count = 0
    private var position = 0

    init(_ list: PostingBlocks) { self.list = list }

    var length: Int { list.lasts.count }

    /// The first ordinal at or after `target`, or nil when the list holds none.
    mutating func seek(_ target: Int) -> Int? {
        if block < 0 || list.lasts[block] < target {
            guard let next = firstBlock(endingAtOrAfter: target) else { return nil }
            load(next)
        }
        while position < count && decoded[position] < target { position += 1 }
        return position < count ? decoded[position] : nil
    }

    /// Gallops over the blocks' last ordinals, then bisects.
    private func firstBlock(endingAtOrAfter target: Int) -> Int? {
        let lasts = list.lasts
        var low = block + 1
        var high = low
        var step = 1
        while high < lasts.count && lasts[high] < target {
            low = high + 1
            high += step
            step *= 2
        }
        guard low < lasts.count else { return nil }
        high = min(high, lasts.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if lasts[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func load(_ index: Int) {
        block = index
        count = list.count(index)
        position = 0
        var offset = list.starts[index]
        var previous = list.firsts[index]
        decoded[0] = previous
        list.bytes.withUnsafeBufferPointer { bytes in
            for slot in 1..<count {
                var gap = 0
                var shift = 0
                while true {
                    let byte = bytes[offset]
                    offset += 1
                    gap |= Int(byte & 0x7f) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                previous += gap
                decoded[slot] = previous
            }
        }
    }
}
