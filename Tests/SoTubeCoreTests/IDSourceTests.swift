import Foundation
import Testing

@testable import SoTubeCore

@Suite struct IDSourceTests {
    @Test func idsAreUUIDv7InHex() {
        let clock = ManualClock(Date(epochMillis: 1_800_000_000_123))
        let id = RandomIDSource(clock: clock).makeID()
        #expect(id.count == 32)
        #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        // 48 bits of milliseconds, then the version nibble 7, then the variant bits 10.
        #expect(id.prefix(12) == String(1_800_000_000_123, radix: 16).leftPadded(to: 12))
        #expect(Array(id)[12] == "7")
        #expect("89ab".contains(Array(id)[16]))
    }

    @Test func laterIDsSortAfterEarlierOnes() {
        let clock = ManualClock()
        let ids = RandomIDSource(clock: clock)
        var made: [String] = []
        for _ in 0..<50 {
            made.append(ids.makeID())
            clock.advance(by: 0.002)
        }
        #expect(made == made.sorted())
        #expect(Set(made).count == made.count)
    }

    @Test func idsMadeInTheSameMillisecondDiffer() {
        let ids = RandomIDSource(clock: ManualClock())
        let made = (0..<1000).map { _ in ids.makeID() }
        #expect(Set(made).count == 1000)
        #expect(Set(made.map { $0.prefix(12) }).count == 1)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
