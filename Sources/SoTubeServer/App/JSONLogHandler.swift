import Foundation
import Logging

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
        var record: [String: String] = [
            "ts": Self.timestamp(Date()), "level": "\(event.level)", "msg": "\(event.message)",
            "logger": label,
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            record[key] = "\(value)"
        }
        // Written by hand: a new ISO8601DateFormatter and JSONSerialization's sorted keys (ICU collation)
        // per line cost more CPU than the request being logged.
        var line = "{"
        for (index, key) in record.keys.sorted().enumerated() {
            if index > 0 { line += "," }
            line += Self.quoted(key) + ":" + Self.quoted(record[key] ?? "")
        }
        line += "}\n"
        FileHandle.standardError.write(Data(line.utf8))
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
        var out = "\""
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
        return out + "\""
    }
}
