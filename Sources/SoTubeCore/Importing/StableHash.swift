/// A short stable hash (FNV-1a 64) for naming media files after their source.
public enum StableHash {
    public static func hex(_ text: String) -> String {
        let digits = String(value(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash folded into 0..<2³¹: fits every database's integer column.
    public static func positive31(_ text: String) -> Int {
        Int(truncatingIfNeeded: value(text) & 0x7FFF_FFFF)
    }

    static func value(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
