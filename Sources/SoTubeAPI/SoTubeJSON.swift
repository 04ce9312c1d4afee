import Foundation

/// The JSON coders of the SoTube wire format, shared by the server and its clients.
///
/// Bodies are camelCase JSON; dates are ISO 8601 strings without fractional seconds
/// (`2026-11-23T12:00:00Z`). The encoder sorts keys and leaves `/` unescaped, so the same value
/// always encodes to the same bytes.
///
/// Each property returns a new coder: configure it further without affecting other callers.
public enum SoTubeJSON {
    /// An encoder for request and response bodies: ISO 8601 dates, sorted keys, unescaped slashes.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder for request and response bodies: ISO 8601 dates.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
