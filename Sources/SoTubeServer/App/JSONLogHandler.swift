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
        // Fields by name, later ones replacing earlier ones of the same name (the event's metadata
        // over the handler's over the fixed fields), written with keys in order: all of them sorted
        // by (key, position), then the last of each key written (a search per field for one already
        // there cost more than the sort).
        // `rawValue` and `description`, not interpolation: interpolating an enum goes through
        // dynamic casts, a visible share of a small request's CPU.
        let message = event.message.description
        var record: [(key: String, position: Int, value: String)] = []
        record.reserveCapacity(4 + metadata.count + (event.metadata?.count ?? 0))
        for (key, value) in [
            ("ts", Self.currentTimestamp()), ("level", event.level.rawValue), ("msg", message), ("logger", label),
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
        for (key, value) in event.metadata ?? [:] { put(key, value) }
        record.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        // Written by hand: a new ISO8601DateFormatter and JSONSerialization's sorted keys (ICU collation)
        // per line cost more CPU than the request being logged; so do a dictionary and FileHandle.
        var line = "{"
        line.reserveCapacity(200)
        for index in record.indices where index + 1 == record.count || record[index + 1].key != record[index].key {
            if line.utf8.count > 1 { line.append(",") }
            Self.appendQuoted(record[index].key, to: &line)
            line.append(":")
            Self.appendQuoted(record[index].value, to: &line)
        }
        line.append("}\n")
        // Request lines go out in batches; everything else at once (see `LogOutput`).
        LogOutput.write(line, gathered: event.level <= .info && message == "request")
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
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// `quoted(text)` appended to `out`.
    static func appendQuoted(_ text: String, to out: inout String) {
        // Most text needs no escape: copied whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append("\"")
            out.append(text)
            out.append("\"")
            return
        }
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }
}
