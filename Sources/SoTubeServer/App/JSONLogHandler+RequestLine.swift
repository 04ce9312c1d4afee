import Logging

extension JSONLogHandler {
    /// The access log's line for one answer, as `line(level: .info, message: "request", metadata:)`
    /// writes it with `method`, `path`, `status` and `ms`, but without the record list, its sort, the
    /// metadata dictionary and `Logger`'s dispatch: the keys' order is known. Nil when this handler
    /// carries metadata other than Hummingbird's request id (its keys could fall between).
    /// Issue 35: the general line was about 4 % of a 64 KB range's CPU (perf, dwarf call graphs).
    func requestLine(method: String, path: String, status: Int, milliseconds: String) -> [UInt8]? {
        var requestID: String?
        for (key, value) in metadata {
            guard key == "hb.request.id" else { return nil }
            if case .string(let string) = value { requestID = string } else { requestID = value.description }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160 + label.utf8.count + path.utf8.count)
        func field(_ key: StaticString, _ value: String, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
            Self.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "{"))
        if let requestID { field("hb.request.id", requestID, first: true) }
        field("level", Logger.Level.info.rawValue, first: requestID == nil)
        field("logger", label)
        field("method", method)
        field("ms", milliseconds)
        field("msg", "request")
        field("path", path)
        field("status", String(status))
        field("ts", Self.currentTimestamp())
        bytes += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        return bytes
    }
}
