import Foundation

/// The members of a tar archive `sotube backup` wrote, read here rather than by `tar -x`: restore
/// takes regular files and folders only, under the names a backup holds, and writes them with the
/// store's own modes (folders 0700, files 0600). A symbolic or hard link, a device, a FIFO, an
/// absolute or `..` path, a name given twice, or anything else is refused before a byte is written.
/// Reads ustar, GNU (`L` long names) and pax (`x` headers: `path`, `size`) headers.
struct BackupArchive {
    enum Kind: Equatable {
        case file
        case directory
    }

    struct Member: Equatable {
        /// Relative, normalised (no `./`, no trailing `/`).
        var path: String
        var kind: Kind
        var size: UInt64
        /// Where its bytes start in the archive.
        var offset: UInt64
    }

    /// Why an archive is refused; `description` is the whole sentence the CLI prints.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    let url: URL
    /// The members that may be restored.
    private(set) var members: [Member] = []
    /// Every member's name as the archive gives it.
    private(set) var names: [String] = []
    /// The first reason the archive cannot be restored, nil when it can.
    private(set) var refusal: Refusal?

    /// Reads every header of the archive at `url` (the bytes are skipped, not read) and checks them;
    /// throws only when it is not a tar archive at all.
    init(url: URL) throws {
        self.url = url
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let name = url.lastPathComponent
        var longName: String?
        var paxPath: String?
        var paxSize: UInt64?
        var position: UInt64 = 0
        while true {
            let block = try handle.read(upToCount: 512) ?? Data()
            if block.isEmpty || block.allSatisfy({ $0 == 0 }) { break }
            let header = [UInt8](block)
            guard header.count == 512, Self.checksumMatches(header), let headerSize = Self.number(header[124..<136])
            else { throw Refusal(description: "\(name) is not a SoTube backup (not a tar archive).") }
            position += 512
            let size = paxSize ?? headerSize
            let type = header[156]
            // A size near UInt64.max (base-256 numbers reach it) would overflow the padding: checked first.
            guard size <= UInt64.max - 511 else {
                throw Refusal(description: "\(name) is not a SoTube backup (a member's size is impossible).")
            }
            let padded = (size + 511) / 512 * 512
            guard position <= UInt64.max - padded else {
                throw Refusal(description: "\(name) is not a SoTube backup (a member's size is impossible).")
            }
            switch type {
            case UInt8(ascii: "L"), UInt8(ascii: "K"), UInt8(ascii: "x"), UInt8(ascii: "g"):
                // A long name, a long link name or pax records for the next member.
                guard size <= 1 << 20 else {
                    throw Refusal(description: "\(name) is not a SoTube backup (an extended header is too long).")
                }
                let data = [UInt8](try handle.read(upToCount: Int(size)) ?? Data())
                guard data.count == Int(size) else {
                    throw Refusal(description: "\(name) is not a SoTube backup (it ends too early).")
                }
                if type == UInt8(ascii: "L") {
                    longName = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
                } else if type == UInt8(ascii: "x") {
                    let records = Self.paxRecords(data)
                    if let path = records["path"] { paxPath = path }
                    if let text = records["size"] {
                        guard let value = UInt64(text) else {
                            throw Refusal(description: "\(name) is not a SoTube backup (a pax size is not a number).")
                        }
                        paxSize = value
                    }
                }
                position += padded
                try handle.seek(toOffset: position)
                continue
            default:
                break
            }
            let path = paxPath ?? longName ?? Self.headerName(header)
            longName = nil
            paxPath = nil
            paxSize = nil
            names.append(Self.normalised(path) ?? path)
            position += padded
            try handle.seek(toOffset: position)
            guard refusal == nil else { continue }
            let kind: Kind
            switch type {
            case 0, UInt8(ascii: "0"), UInt8(ascii: "7"): kind = .file
            case UInt8(ascii: "5"): kind = .directory
            default:
                refusal = Refusal(
                    description:
                        "\(name) holds \(Self.shown(path)), \(Self.describe(type)): a SoTube backup holds only "
                        + "files and folders; nothing was restored.")
                continue
            }
            guard let clean = Self.normalised(path), BackupLayout.allows(clean) else {
                refusal = Refusal(
                    description:
                        "\(name) holds \(Self.shown(path)), which a SoTube backup never does; nothing was restored.")
                continue
            }
            members.append(Member(path: clean, kind: kind, size: kind == .file ? size : 0, offset: position - padded))
        }
        if refusal == nil {
            do { try Self.checkShape(members, name: name) } catch let error as Refusal { refusal = error }
        }
    }

    /// Each name once; `sotube.sqlite` and `secret.key` files, `media` a folder, nothing below a file.
    static func checkShape(_ members: [Member], name: String) throws {
        var kinds: [String: Kind] = [:]
        for member in members {
            if let earlier = kinds[member.path], !(earlier == .directory && member.kind == .directory) {
                throw Refusal(description: "\(name) holds \(member.path) twice; nothing was restored.")
            }
            kinds[member.path] = member.kind
        }
        for member in members {
            let expected: Kind? =
                member.path == BackupLayout.database || member.path == BackupLayout.secretKey
                ? .file : member.path == BackupLayout.media ? .directory : nil
            if let expected, expected != member.kind {
                throw Refusal(description: "\(name) holds \(member.path) as the wrong kind; nothing was restored.")
            }
            var parent = (member.path as NSString).deletingLastPathComponent
            while !parent.isEmpty {
                if kinds[parent] == .file {
                    throw Refusal(description: "\(name) holds \(member.path) below a file; nothing was restored.")
                }
                parent = (parent as NSString).deletingLastPathComponent
            }
        }
    }

    /// Writes the members into `folder` (which must exist and be empty of them): folders 0700, files
    /// 0600, never following a link (there are none: `O_NOFOLLOW` and `O_EXCL` make sure).
    func extract(into folder: URL) throws {
        let input = try FileHandle(forReadingFrom: url)
        defer { try? input.close() }
        for member in members {
            let target = folder.appendingPathComponent(member.path)
            try Self.makeFolder(target.deletingLastPathComponent(), within: folder)
            switch member.kind {
            case .directory:
                try Self.makeFolder(target, within: folder)
            case .file:
                let descriptor = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else {
                    throw Refusal(description: "cannot write \(target.path) (errno \(errno)); nothing was restored.")
                }
                let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                fchmod(descriptor, 0o600)
                try input.seek(toOffset: member.offset)
                var left = member.size
                while left > 0 {
                    let chunk = try input.read(upToCount: Int(min(left, 1 << 20))) ?? Data()
                    guard !chunk.isEmpty else {
                        throw Refusal(description: "\(url.lastPathComponent) ends too early; nothing was restored.")
                    }
                    try output.write(contentsOf: chunk)
                    left -= UInt64(chunk.count)
                }
                try output.close()
            }
        }
    }

    /// `url` and its missing parents up to `root`, each 0700; an existing one must be a real folder.
    static func makeFolder(_ url: URL, within root: URL) throws {
        var info = stat()
        if lstat(url.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw Refusal(description: "\(url.path) is not a folder; nothing was restored.")
            }
            return
        }
        if url.path != root.path { try makeFolder(url.deletingLastPathComponent(), within: root) }
        guard mkdir(url.path, 0o700) == 0 || errno == EEXIST else {
            throw Refusal(description: "cannot make \(url.path) (errno \(errno)); nothing was restored.")
        }
        chmod(url.path, 0o700)
    }

    /// The member's path without `./` and a trailing `/`; nil when absolute, empty, or with `.` or `..`.
    static func normalised(_ path: String) -> String? {
        var text = Substring(path)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        guard !text.isEmpty, !text.hasPrefix("/") else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return String(text)
    }

    /// The ustar name: `prefix/name` in POSIX archives (GNU ones keep other fields in the prefix).
    static func headerName(_ header: [UInt8]) -> String {
        func field(_ range: Range<Int>) -> String {
            String(decoding: header[range].prefix { $0 != 0 }, as: UTF8.self)
        }
        let name = field(0..<100)
        let posix = Array(header[257..<263]) == Array("ustar\0".utf8)
        let prefix = posix ? field(345..<500) : ""
        return prefix.isEmpty ? name : prefix + "/" + name
    }

    /// An octal field (NUL or space terminated), or GNU's base-256 form for large values.
    static func number(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard let first = field.first else { return nil }
        if first & 0x80 != 0 {
            guard first == 0x80 else { return nil }  // negative or too large
            var value: UInt64 = 0
            for byte in field.dropFirst() {
                guard value <= UInt64.max >> 8 else { return nil }
                value = value << 8 | UInt64(byte)
            }
            return value
        }
        let digits = field.drop { $0 == UInt8(ascii: " ") }.prefix { $0 != 0 && $0 != UInt8(ascii: " ") }
        var value: UInt64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit), value <= UInt64.max >> 3 else { return nil }
            value = value << 3 | UInt64(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// The header checksum: the sum of its bytes with the checksum field taken as spaces.
    static func checksumMatches(_ header: [UInt8]) -> Bool {
        guard let stored = number(header[148..<156]) else { return false }
        var sum: UInt64 = 0
        for (index, byte) in header.enumerated() {
            sum += (148..<156).contains(index) ? 32 : UInt64(byte)
        }
        return sum == stored
    }

    /// pax records: `LENGTH KEY=VALUE\n`, one after another.
    static func paxRecords(_ data: [UInt8]) -> [String: String] {
        var records: [String: String] = [:]
        var index = 0
        while index < data.count {
            guard let space = data[index...].firstIndex(of: UInt8(ascii: " ")),
                let length = Int(String(decoding: data[index..<space], as: UTF8.self)), length > 0,
                length <= data.count - index, space + 1 <= index + length
            else { break }
            let record = data[(space + 1)..<(index + length)]
            if let equals = record.firstIndex(of: UInt8(ascii: "=")) {
                let key = String(decoding: record[record.startIndex..<equals], as: UTF8.self)
                var value = record[(equals + 1)...]
                if value.last == UInt8(ascii: "\n") { value = value.dropLast() }
                records[key] = String(decoding: value, as: UTF8.self)
            }
            index += length
        }
        return records
    }

    static func describe(_ type: UInt8) -> String {
        switch type {
        case UInt8(ascii: "1"): return "a hard link"
        case UInt8(ascii: "2"): return "a symbolic link"
        case UInt8(ascii: "3"): return "a character device"
        case UInt8(ascii: "4"): return "a block device"
        case UInt8(ascii: "6"): return "a FIFO"
        default: return "a member of tar type '\(String(UnicodeScalar(type)))'"
        }
    }

    /// A name as printed: controls escaped, at most 200 characters.
    static func shown(_ path: String) -> String {
        let escaped = path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }
        return String(escaped.joined().prefix(200))
    }
}
