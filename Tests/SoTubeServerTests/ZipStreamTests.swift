import Foundation
import Testing

@testable import SoTubeServer

/// The pieces of the streamed album ZIP that Python's zipfile cannot see apart (the archive itself
/// is unpacked in e2e/api/test_owned_media.py).
struct ZipStreamTests {
    @Test func crc32MatchesTheStandardCheckValueInAnyChunking() {
        let bytes = Array("123456789".utf8)
        var whole = CRC32()
        bytes.withUnsafeBytes { whole.update($0) }
        #expect(whole.value == 0xCBF4_3926)
        var split = CRC32()
        bytes[..<4].withUnsafeBytes { split.update($0) }
        bytes[4...].withUnsafeBytes { split.update($0) }
        #expect(split.value == whole.value)
        #expect(CRC32().value == 0)
    }

    @Test func dosDatesCountFrom1980InTwoSecondSteps() {
        // 2026-11-23 15:31:23 UTC
        let (time, date) = ZipStream.dosDateTime(1_795_447_883)
        #expect(date == UInt16((2026 - 1980) << 9 | 11 << 5 | 23))
        #expect(time == UInt16(15 << 11 | 31 << 5 | 23 / 2))
        #expect(ZipStream.dosDateTime(0).date == UInt16(1 << 5 | 1))  // before 1980: 1980-01-01
    }
}
