import Foundation
import Logging
import NIOConcurrencyHelpers

/// Writes each log record as one JSON object per line on standard error.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String

    public init(label: String, level: Logger.Level = .info) {
        self.label = label
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let message = event.message.description
        // Request lines go out in batches; everything else at once (see `LogOutput`).
        LogOutput.write(
            line(level: event.level, message: message, metadata: event.metadata),
            gathered: event.level <= .info && message == "request")
    }

    /// One record as a JSON object and a newline.
    func line(level: Logger.Level, message: String, metadata eventMetadata: Logger.Metadata?) -> [UInt8] {
        // Fields by name, later ones replacing earlier ones of the same name (the event's metadata
        // over the handler's over the fixed fields), written with keys in order: all of them sorted
        // by (key, position), then the last of each key written (a search per field for one already
        // there cost more than the sort).
        // `rawValue` and `description`, not interpolation: interpolating an enum goes through
        // dynamic casts, a visible share of a small request's CPU.
        var record: [(key: String, position: Int, value: String)] = []
        record.reserveCapacity(4 + metadata.count + (eventMetadata?.count ?? 0))
        for (key, value) in [
            ("ts", Self.currentTimestamp()), ("level", level.rawValue), ("msg", message), ("logger", label),
        ] {
            record.append((key, record.count, value))
        }
        func put(_ key: String, _ value: Logger.Metadata.Value) {
            if case .string(let string) = value {
                record.append((key, record.count, string))
            } else {
                record.append((key, record.count, value.description))
            }
        }
        for (key, value) in metadata { put(key, value) }
        for (key, value) in eventMetadata ?? [:] { put(key, value) }
        record.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        // Written by hand, in bytes: per line, a new ISO8601DateFormatter, JSONSerialization's sorted
        // keys (ICU collation), a dictionary, FileHandle, or a String grown piece by piece each cost
        // more CPU than the request being logged.
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(256)
        for index in record.indices where index + 1 == record.count || record[index + 1].key != record[index].key {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            Self.appendQuoted(record[index].key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.appendQuoted(record[index].value, to: &bytes)
        }
        bytes += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        return bytes
    }

    /// The last timestamp made, by second: most lines of a busy server fall in the same second.
    private static let lastTimestamp = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))

    /// `timestamp` of now, made once a second.
    static func currentTimestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = Int(now.tv_sec)
        return lastTimestamp.withLockedValue { last in
            if last.second != second {
                last = (second, timestamp(Date(timeIntervalSince1970: TimeInterval(second))))
            }
            return last.text
        }
    }

    /// "2026-11-22T00:06:07Z" (UTC, seconds).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int = 2) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `quoted(text)`'s UTF-8 appended to `out`: `"` and `\\` escaped, control characters as `\n`,
    /// `\r`, `\t` or `\u00xx`, everything else as it is.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text needs no escape: copied whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else {
                out.append(contentsOf: utf8)
                return
            }
            let hex = Array("0123456789abcdef".utf8)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case ..<0x20:
                    out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                    out += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
