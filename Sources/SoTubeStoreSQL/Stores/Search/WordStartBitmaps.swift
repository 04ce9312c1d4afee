import Logging
import NIOConcurrencyHelpers
import SoTubeCore

/// One SQLite server's word-start bitmaps (`WordStartIndex`): which dense short prefixes start a word
/// of each song's title, and of its title with its context, checked by the SQL function
/// `sotube_word_start` (`WordStartFunction`, given to each connection).
///
/// With them a query's short prefixes ("never sun m": `m`) leave its full-text walk: FTS5 walks the
/// longer words alone and each hit's bit is tested, where it sought into a list of a million songs or
/// more for each. At 10M songs such walks took most of the slowest searches (docs/performance.md).
///
/// They are made from `search_documents` in the background (`WordStartBitmaps+Making`) and kept with
/// this process's changes (`SQLSearchIndex`), applied in the order of the `search_generation` they
/// made. A search uses them only when they hold the database's generation: a change made by another
/// process sets them aside until they are made again.
package final class WordStartBitmaps: @unchecked Sendable {
    /// The change one `SQLSearchIndex.index` made to a song's document.
    package struct Change: Sendable {
        var removed: Int64?
        var added: (docID: Int64, name: String, context: String)?
    }

    private let lock = NIOLock()
    private var index: WordStartIndex?
    /// Changes this process committed that are not in `index` yet, by the generation they start from.
    private var waiting: [Int64: (to: Int64, change: Change)] = [:]
    /// This process's index changes under way (begun, not yet applied or dropped).
    private var writing = 0
    private var making = false
    /// The generation at which they could not be made (a song numbered past what they hold): not tried
    /// again until it moves.
    private var failedAt: Int64?
    /// Where making them is told (`log(to:)`).
    private var logger: Logger?
    /// The making under way, awaited by `stop` before the connections close.
    private var task: Task<Void, Never>?
    private var stopped = false

    package init() {}

    /// The bitmaps of `prefixes` for a query, when they hold the database's `generation` (nil: not
    /// usable now; `needsMaking` says whether they should be made again).
    package func bitmaps(for prefixes: [String], generation: Int64) -> (
        titles: [Int], all: [Int], generation: Int64
    )? {
        lock.withLock {
            guard let index, index.generation >= generation else { return nil }
            var titles: [Int] = []
            var all: [Int] = []
            for prefix in prefixes {
                guard let title = index.bitmap(prefix, scope: .titles), let every = index.bitmap(prefix, scope: .all)
                else { return nil }
                titles.append(title)
                all.append(every)
            }
            return (titles, all, index.generation)
        }
    }

    /// Should they be made (again)? None are held, or they are behind the database's `generation` and
    /// no change of this process is on its way to them (one that waits for a generation another process
    /// made never will: it is applied after the making).
    package func needsMaking(generation: Int64) -> Bool {
        lock.withLock {
            guard !making, failedAt != generation else { return false }
            guard let index else { return true }
            if index.generation < generation && writing == 0 {
                self.index = nil
                return true
            }
            return false
        }
    }

    /// The SQL function's test; throws when the bitmaps fell behind `generation` since the query began.
    package func contains(docID: Int64, bitmap: Int, generation: Int64) throws -> Bool {
        // In place: `guard let index` would copy the index, retaining and releasing its storage per call.
        try lock.withLock {
            guard let held = index?.generation, held >= generation else { throw Stale() }
            return index?.contains(docID: docID, bitmap: bitmap) ?? false
        }
    }

    /// What the SQL function throws when the bitmaps were set aside under a query (it is then asked again
    /// without them).
    package struct Stale: Error, CustomStringConvertible {
        package static let message = "sotube_word_start: bitmaps set aside"
        package var description: String { Self.message }
    }

    /// A change of this process's begins (before its transaction).
    package func beginWrite() { lock.withLock { writing += 1 } }

    /// It ended: committed, from generation `from` to `to` with `change`, or not (nil).
    package func endWrite(_ committed: (from: Int64, to: Int64, change: Change)?) {
        lock.withLock {
            writing -= 1
            guard let committed else { return }
            if waiting.count >= 10_000 { waiting.removeAll() }
            waiting[committed.from] = (committed.to, committed.change)
            applyWaiting()
        }
    }

    /// The whole index was made again (`SQLSearchIndex.rebuild`): the bitmaps are set aside.
    package func setAside() {
        lock.withLock {
            index = nil
            waiting.removeAll()
        }
    }

    /// Making them is told to `logger` from now on.
    package func log(to logger: Logger) { lock.withLock { self.logger = logger } }

    /// Starts `making` them, unless they are being made already or the database is closing.
    func beginMaking(_ making: @escaping @Sendable (Logger?) async -> Void) {
        lock.withLock {
            guard !self.making, !stopped else { return }
            self.making = true
            let logger = self.logger
            task = Task.detached(priority: .utility) { await making(logger) }
        }
    }

    /// Stops any making and lets none begin (the database is closing: a statement on a closed SQLite
    /// connection is undefined behaviour).
    package func stop() async {
        let task = lock.withLock {
            stopped = true
            return self.task
        }
        task?.cancel()
        await task?.value
    }

    /// The making failed (an error, or it was stopped): it may be tried again.
    func abandonMaking() { lock.withLock { making = false } }

    /// Made from the rows read between generations `from` and `to`: held when this process's changes
    /// cover every generation between (they are applied to it), dropped otherwise.
    @discardableResult
    /// `background`: the making `beginMaking` started (else one awaited, `makeNow`).
    func finishMaking(_ made: WordStartIndex?, from: Int64, to: Int64, background: Bool = true) -> Bool {
        lock.withLock {
            if background { making = false }
            guard var made else {
                failedAt = to
                return false
            }
            var at = from
            while at < to, let next = waiting[at] {
                guard Self.apply(next.change, to: &made) else { return false }
                at = next.to
            }
            guard at == to else { return false }
            made.generation = to
            index = made
            waiting = waiting.filter { $0.key >= to }
            applyWaiting()
            return true
        }
    }

    /// Are they being made (in the background)?
    package var isMaking: Bool { lock.withLock { making } }

    /// Bytes held, for the log.
    package var bytes: Int { lock.withLock { index?.bytes ?? 0 } }

    private func applyWaiting() {
        guard var current = index else { return }
        index = nil  // one reference while it changes: no copy of its bits
        while let next = waiting.removeValue(forKey: current.generation) {
            guard Self.apply(next.change, to: &current) else { return }
            current.generation = next.to
        }
        index = current
    }

    private static func apply(_ change: Change, to index: inout WordStartIndex) -> Bool {
        if let removed = change.removed { index.remove(docID: removed) }
        if let added = change.added {
            return index.add(docID: added.docID, name: added.name, context: added.context)
        }
        return true
    }
}
