import Synchronization
import Testing

@testable import SoTubeCore

/// `KeyedTurns`: one caller at a time per key, different keys at once, and nothing kept after.
@Suite struct KeyedTurnsTests {
    final class Inside: Sendable {
        let counts = Mutex<(now: [String: Int], most: [String: Int], all: Int, mostAll: Int)>(([:], [:], 0, 0))

        func enter(_ key: String) {
            counts.withLock { counts in
                counts.now[key, default: 0] += 1
                counts.all += 1
                counts.most[key] = max(counts.most[key] ?? 0, counts.now[key] ?? 0)
                counts.mostAll = max(counts.mostAll, counts.all)
            }
        }

        func leave(_ key: String) {
            counts.withLock { counts in
                counts.now[key, default: 0] -= 1
                counts.all -= 1
            }
        }
    }

    @Test func oneCallerAtATimePerKeyAndDifferentKeysAtOnce() async throws {
        let turns = KeyedTurns()
        let inside = Inside()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<12 {
                let key = n % 2 == 0 ? "one album" : "another"
                group.addTask {
                    try await turns.take(key) {
                        inside.enter(key)
                        try await Task.sleep(for: .milliseconds(20))
                        inside.leave(key)
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts = inside.counts.withLock { $0 }
        #expect(counts.most == ["one album": 1, "another": 1], "one at a time per key")
        #expect(counts.mostAll == 2, "the two keys at once")
        #expect(await turns.keysHeld == 0, "no gate is kept once everyone has left")
    }

    @Test func aThrowingCallerLetsTheNextIn() async throws {
        struct Refused: Error {}
        let turns = KeyedTurns()
        await #expect(throws: Refused.self) { try await turns.take("k") { throw Refused() } }
        #expect(await turns.take("k") { 7 } == 7)
        #expect(await turns.keysHeld == 0)
    }
}
