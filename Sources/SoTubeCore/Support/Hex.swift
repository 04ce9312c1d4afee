/// Lower-case hexadecimal for hashes, signatures and keys.
public enum Hex {
    /// Written by hand: `String(format:)` per byte costs more than the hash on every request.
    /// Inlinable, so each caller's sequence type is specialised: called across modules as a generic,
    /// each byte of a digest was an allocation (32 per session lookup; issue 35).
    @inlinable public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in bytes {
            hex.append(digit(byte >> 4))
            hex.append(digit(byte & 0x0F))
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The bytes of an even-length hex string (either case), nil for anything else.
    public static func decode(_ hex: String) -> [UInt8]? {
        let characters = Array(hex.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let high = nibble(characters[index]), let low = nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The lowercase digit of a value below 16 (arithmetic: a table made per call was an
    /// allocation on every token-authenticated Subsonic request).
    @inlinable @inline(__always) static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The value of one hex digit, either case (by hand: a `String` and `UInt8(_:radix:)` per byte
    /// showed in every Subsonic request's profile). Also used by percent-decoding.
    public static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
