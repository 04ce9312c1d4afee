import Foundation
import SoTubeCore
import Testing

@testable import SoTubeMedia

/// Headers that state impossible sizes or lengths make the in-process reader give up (ffprobe's
/// turn), never trap the importer.
@Suite struct HostileHeaderTests {
    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func littleEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A 64-bit box size near 2^63 after the first box: adding it to the position overflowed.
    @Test func anMP4BoxLargerThanTheFileIsRefused() throws {
        let ftyp = Self.bigEndian(16, 4) + Array("ftypM4A ".utf8) + Self.bigEndian(0, 4)
        let huge = Self.bigEndian(1, 4) + Array("free".utf8) + Self.bigEndian(0x7FFF_FFFF_FFFF_FFF0, 8)
        let path = try Self.write(ftyp + huge + [UInt8](repeating: 0, count: 64), "huge.m4a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(QuickProbe.read(path) == nil)
    }

    /// An Ogg page: header type, granule, one packet per segment length in `segments`.
    static func oggPage(type: UInt8, granule: UInt64, packets: [[UInt8]]) -> [UInt8] {
        var page = Array("OggS".utf8) + [0, type] + littleEndian(granule, 8)
        page += littleEndian(7, 4) + littleEndian(0, 4) + littleEndian(0, 4)
        page += [UInt8(packets.count)] + packets.map { UInt8($0.count) }
        return page + packets.flatMap { $0 }
    }

    /// Vorbis at 1 Hz whose last granule is 2^62: "lasts" 4.6 × 10^18 s, past any millisecond count.
    @Test func anOggLengthPastAnyRealSongIsNotBelieved() throws {
        var ident = Array("\u{01}vorbis".utf8) + Self.littleEndian(0, 4) + [2] + Self.littleEndian(1, 4)
        ident += [UInt8](repeating: 0, count: 30 - ident.count)
        let comment = Array("\u{03}vorbis".utf8) + Self.littleEndian(0, 4) + Self.littleEndian(0, 4) + [1]
        let bytes =
            Self.oggPage(type: 2, granule: 0, packets: [ident, comment])
            + Self.oggPage(type: 4, granule: 1 << 62, packets: [[0]])
        let path = try Self.write(bytes, "long.ogg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(QuickProbe.read(path) == nil)
        // The same file at 44.1 kHz with an ordinary length is read: the test file itself is sound.
        var normal = ident
        normal.replaceSubrange(12..<16, with: Self.littleEndian(44100, 4))
        let fine =
            Self.oggPage(type: 2, granule: 0, packets: [normal, comment])
            + Self.oggPage(type: 4, granule: 441_000, packets: [[0]])
        let finePath = try Self.write(fine, "fine.ogg")
        defer { try? FileManager.default.removeItem(atPath: finePath) }
        #expect(QuickProbe.read(finePath)?.durationSeconds == 10)
    }
}
