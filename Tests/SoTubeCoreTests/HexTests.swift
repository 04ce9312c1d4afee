import Testing

@testable import SoTubeCore

@Suite struct HexTests {
    /// Every byte's two lowercase digits, and back again from either case (token hashes stored in
    /// the database and Subsonic tokens depend on both).
    @Test func everyByteRoundTrips() {
        let bytes = (0...255).map { UInt8($0) }
        let hex = Hex.encode(bytes)
        #expect(hex.count == 512 && hex.hasPrefix("00010203") && hex.hasSuffix("fcfdfeff"))
        #expect(hex == hex.lowercased() && Hex.encode([0x0a, 0xf0, 0x9b]) == "0af09b")
        #expect(Hex.decode(hex) == bytes && Hex.decode(hex.uppercased()) == bytes)
        for bad in ["0", "0g", "zz", "0a0", " 0a"] { #expect(Hex.decode(bad) == nil, "\(bad)") }
        #expect(Hex.decode("") == [])
    }
}
