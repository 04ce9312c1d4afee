import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Throttle counts in the database, on every engine (shared by all servers, never raced), and in memory.
@Suite struct ThrottleStoreContractTests {
    let rule = ThrottleRule(limit: 5, window: 300, firstDelay: 30)

    @Test(arguments: StoreUnderTest.all)
    func parallelReservationsCountEachAttemptOnce(_ engine: StoreUnderTest) async throws {
        try await engine.use { stores async throws in
            let now = TestEngine.now
            let key = ThrottleKey("login:ann|203.0.113.9", rule)
            let waits = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<20 { group.addTask { try await stores.throttles.reserve([key], now: now) } }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(waits.filter { $0 == nil }.count == 5)
            #expect(waits.compactMap { $0 }.allSatisfy { $0 == 30 })
            // Another key is untouched; a wait ends; a clear forgets.
            #expect(try await stores.throttles.reserve([ThrottleKey("login:ann|198.51.100.7", rule)], now: now) == nil)
            #expect(try await stores.throttles.reserve([key], now: now + 31) == nil)
            #expect(try await stores.throttles.reserve([key], now: now + 32) == 59)
            try await stores.throttles.clear(key.key)
            #expect(try await stores.throttles.reserve([key], now: now + 32) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func aRefusalCountsOnNoKeyAndTheSweepDropsQuietOnes(_ engine: StoreUnderTest) async throws {
        try await engine.use { stores async throws in
            let now = TestEngine.now
            let tight = ThrottleKey("signup:192.0.2.1", ThrottleRule(limit: 1, window: 60, firstDelay: 10))
            let loose = ThrottleKey("login-client:192.0.2.1", ThrottleRule(limit: 100, window: 60))
            #expect(try await stores.throttles.reserve([tight, loose], now: now) == nil)
            // The tight key waits: nothing is counted on the loose one either.
            for _ in 0..<3 { #expect(try await stores.throttles.reserve([tight, loose], now: now + 1) == 9) }
            #expect(try await stores.throttles.sweep(now: now + 30) == 0)
            // A window after the wait ended (10 + 60 s) both are stale.
            #expect(try await stores.throttles.sweep(now: now + 71) == 2)
            #expect(try await stores.throttles.reserve([tight], now: now + 71) == nil)
        }
    }
}
