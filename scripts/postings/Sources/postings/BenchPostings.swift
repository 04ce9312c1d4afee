import Foundation

/// `postings FOLDER INDEX:WORD,WORD… …`: for each conjunction, how long the candidate index takes to find
/// every song holding all the words, and the first 300: as blocks alone and with bitmaps, in memory; both
/// read from a SQLite file (`StoredPostings`, FOLDER's `postings.sqlite`, which the caller removes first),
/// each run on a new connection (its cache empty, the kernel's page cache warm); and the lists read from
/// that file with the bitmaps in memory. Best of 20. FOLDER holds `songs.txt` (every song's doc_id,
/// ascending) and `INDEX-WORD.txt` (the doc_ids FTS5 gives for `"WORD"*` in that index), written by
/// scripts/bench-postings.py. One JSON line per conjunction, with each way's hit count.
@main struct BenchPostings {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let folder = arguments.first else {
            FileHandle.standardError.write(Data("usage: postings FOLDER INDEX:WORD,WORD …\n".utf8))
            exit(2)
        }
        let songs = try numbers(in: "\(folder)/songs.txt")
        let path = "\(folder)/postings.sqlite"
        let store = try StoredPostings(path: path)  // written once, read by new connections
        for spec in arguments.dropFirst() {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw BenchError.badSpec(spec) }
            let words = parts[1].split(separator: ",").map(String.init)
            let ordinals = try words.map { try ordinalsOf(numbers(in: "\(folder)/\(parts[0])-\($0).txt"), in: songs) }
            var line: [String: String] = ["index": "\"\(parts[0])\"", "words": "\"\(words.joined(separator: " "))\""]
            let names = words.map { "\(parts[0])-\($0)" }
            for (name, list) in zip(names, ordinals) { try store.write(name, list, songs: songs.count, bitmaps: true) }
            func record(_ name: String, _ every: (Int, Double), _ first: (Int, Double)) {
                line["\(name)_hits"] = "\(every.0)"
                line["\(name)_ms"] = String(format: "%.3f", every.1)
                line["\(name)_first300_ms"] = String(format: "%.3f", first.1)
            }
            let dense = ordinals.map { Posting.isDense($0.count, songs: songs.count) }
            let (sparse, denseAt) = (names.indices.filter { !dense[$0] }, names.indices.filter { dense[$0] })
            let stored = { () throws -> ([StoredCursor], [StoredBits]) in
                let store = try StoredPostings(path: path)
                return (
                    sparse.map { StoredCursor(store, list: names[$0], length: ordinals[$0].count) },
                    denseAt.map { StoredBits(store, list: names[$0]) }
                )
            }
            try record(
                "stored", best(setup: stored) { conjunction($0.0, $0.1, limit: .max) },
                best(setup: stored) { conjunction($0.0, $0.1, limit: 300) })
            // The lists stored, the dense words' bitmaps in memory.
            let inMemory = denseAt.map { Bitmap(ordinals[$0], songs: songs.count) }
            let hybrid = { () throws -> ([StoredCursor], [Bitmap]) in (try stored().0, inMemory) }
            try record(
                "hybrid", best(setup: hybrid) { conjunction($0.0, $0.1, limit: .max) },
                best(setup: hybrid) { conjunction($0.0, $0.1, limit: 300) })
            for bitmaps in [false, true] {
                let postings = ordinals.map { Posting($0, songs: songs.count, bitmaps: bitmaps) }
                let name = bitmaps ? "bitmaps" : "blocks"
                record(name, best { conjunction(postings, limit: .max) }, best { conjunction(postings, limit: 300) })
                line["\(name)_bytes"] = "\(postings.reduce(0) { $0 + $1.size })"
            }
            print(
                "{" + line.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
            )
        }
    }

    /// The result and the shortest time of 20 runs of `body`, in milliseconds, each on what `setup` made
    /// for it (not timed).
    static func best<State>(setup: () throws -> State, _ body: (State) -> Int) rethrows -> (Int, Double) {
        var result = 0
        var shortest = Double.infinity
        for _ in 0..<20 {
            let state = try setup()
            let start = DispatchTime.now().uptimeNanoseconds
            result = body(state)
            shortest = min(shortest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (result, shortest)
    }

    static func best(_ body: () -> Int) -> (Int, Double) { best(setup: {}) { _ in body() } }

    static func numbers(in path: String) throws -> [Int] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            guard let number = Int($0) else { throw BenchError.notANumber(path, String($0)) }
            return number
        }
    }

    /// Each doc_id's place among the songs' (every listed doc_id is a song's).
    static func ordinalsOf(_ documents: [Int], in songs: [Int]) throws -> [Int] {
        try documents.map { document in
            var low = 0
            var high = songs.count
            while low < high {
                let middle = (low + high) / 2
                if songs[middle] < document { low = middle + 1 } else { high = middle }
            }
            guard low < songs.count, songs[low] == document else { throw BenchError.notASong(document) }
            return low
        }
    }
}

enum BenchError: Error {
    case badSpec(String)
    case notANumber(String, String)
    case notASong(Int)
}
