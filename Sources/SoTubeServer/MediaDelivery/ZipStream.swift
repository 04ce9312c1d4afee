import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// A ZIP archive of stored (uncompressed) files written while it is read: each entry's local header,
/// then its bytes straight from disk with the CRC-32 computed on the way, then a data descriptor;
/// the central directory last. Nothing is held in memory but one chunk, and the length is known
/// before the first byte (audio and JPEG do not shrink, so nothing is compressed).
struct ZipStream: Sendable {
    struct Entry: Sendable {
        var name: String
        var file: URL
        var size: Int
        /// Seconds since 1970, shown as the entry's date.
        var modified: Int
    }

    let entries: [Entry]
    static let chunkSize = 256 * 1024
    /// Offsets and sizes are 32-bit (no ZIP64): archives must stay below 4 GiB.
    static let limit = Int(UInt32.max)

    /// Entries for `files` (name, path), with their sizes read now.
    init(files: [(name: String, url: URL)]) throws {
        entries = try files.map { name, url in
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
            return Entry(name: name, file: url, size: size, modified: modified)
        }
    }

    /// The exact number of bytes `write(to:)` produces.
    var contentLength: Int {
        let perEntry = entries.reduce(0) { total, entry in
            let name = entry.name.utf8.count
            return total + 30 + name + entry.size + 16 + 46 + name
        }
        return perEntry + 22
    }

    var fitsWithoutZip64: Bool { contentLength < Self.limit && entries.count < 0xFFFF }

    /// Writes the archive; throws when a file changed size while it was being sent.
    func write(to writer: inout any ResponseBodyWriter) async throws {
        let fileIO = NonBlockingFileIO(threadPool: .singleton)
        let allocator = ByteBufferAllocator()
        var central = ByteBuffer()
        var offset = 0
        for entry in entries {
            let name = Array(entry.name.utf8)
            let (time, date) = Self.dosDateTime(entry.modified)
            var header = ByteBuffer()
            header.writeInteger(UInt32(0x0403_4b50), endianness: .little)
            header.writeInteger(UInt16(20), endianness: .little)  // version needed: 2.0
            header.writeInteger(Self.flags, endianness: .little)
            header.writeInteger(UInt16(0), endianness: .little)  // stored
            header.writeInteger(time, endianness: .little)
            header.writeInteger(date, endianness: .little)
            header.writeInteger(UInt32(0), endianness: .little)  // CRC, sizes: in the data descriptor
            header.writeInteger(UInt32(0), endianness: .little)
            header.writeInteger(UInt32(0), endianness: .little)
            header.writeInteger(UInt16(name.count), endianness: .little)
            header.writeInteger(UInt16(0), endianness: .little)
            header.writeBytes(name)
            try await writer.write(header)

            var crc = CRC32()
            var sent = 0
            try await fileIO.withFileHandle(path: entry.file.path, mode: .read) { handle in
                while sent < entry.size {
                    let chunk = try await fileIO.read(
                        fileHandle: handle, fromOffset: Int64(sent), byteCount: min(Self.chunkSize, entry.size - sent),
                        allocator: allocator)
                    guard chunk.readableBytes > 0 else { break }
                    chunk.withUnsafeReadableBytes { crc.update($0) }
                    sent += chunk.readableBytes
                    try await writer.write(chunk)
                }
            }
            guard sent == entry.size else { throw ZipStreamError.fileChanged(entry.name) }

            var descriptor = ByteBuffer()
            descriptor.writeInteger(UInt32(0x0807_4b50), endianness: .little)
            descriptor.writeInteger(crc.value, endianness: .little)
            descriptor.writeInteger(UInt32(entry.size), endianness: .little)
            descriptor.writeInteger(UInt32(entry.size), endianness: .little)
            try await writer.write(descriptor)

            central.writeInteger(UInt32(0x0201_4b50), endianness: .little)
            central.writeInteger(UInt16(0x0314), endianness: .little)  // made by: Unix, 2.0
            central.writeInteger(UInt16(20), endianness: .little)
            central.writeInteger(Self.flags, endianness: .little)
            central.writeInteger(UInt16(0), endianness: .little)
            central.writeInteger(time, endianness: .little)
            central.writeInteger(date, endianness: .little)
            central.writeInteger(crc.value, endianness: .little)
            central.writeInteger(UInt32(entry.size), endianness: .little)
            central.writeInteger(UInt32(entry.size), endianness: .little)
            central.writeInteger(UInt16(name.count), endianness: .little)
            central.writeInteger(UInt16(0), endianness: .little)  // extra
            central.writeInteger(UInt16(0), endianness: .little)  // comment
            central.writeInteger(UInt16(0), endianness: .little)  // disk
            central.writeInteger(UInt16(0), endianness: .little)  // internal attributes
            central.writeInteger(UInt32(0o100644) << 16, endianness: .little)  // a regular file, rw-r--r--
            central.writeInteger(UInt32(offset), endianness: .little)
            central.writeBytes(name)
            offset += 30 + name.count + entry.size + 16
        }
        let centralSize = central.readableBytes
        central.writeInteger(UInt32(0x0605_4b50), endianness: .little)
        central.writeInteger(UInt16(0), endianness: .little)
        central.writeInteger(UInt16(0), endianness: .little)
        central.writeInteger(UInt16(entries.count), endianness: .little)
        central.writeInteger(UInt16(entries.count), endianness: .little)
        central.writeInteger(UInt32(centralSize), endianness: .little)
        central.writeInteger(UInt32(offset), endianness: .little)
        central.writeInteger(UInt16(0), endianness: .little)
        try await writer.write(central)
    }

    /// Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8.
    static let flags: UInt16 = 0x0008 | 0x0800

    /// MS-DOS time and date (UTC; two-second resolution; 1980 at the earliest).
    static func dosDateTime(_ seconds: Int) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let year = max(1980, min(2107, parts.year ?? 1980))
        let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
        let date = (year - 1980) << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
        return (UInt16(time), UInt16(date))
    }
}

enum ZipStreamError: Error, CustomStringConvertible {
    case fileChanged(String)
    var description: String {
        switch self {
        case .fileChanged(let name): return "\(name) changed while the archive was being sent"
        }
    }
}

/// CRC-32 (IEEE 802.3, the one ZIP uses), computed a chunk at a time.
struct CRC32 {
    private(set) var value: UInt32 = 0

    static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        value = ~crc
    }
}
