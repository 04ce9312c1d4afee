import Foundation
import SoTubeCore

/// Reads what the scan needs (container, codec, duration, tags, whether a picture is embedded)
/// straight from the headers of the common formats — MP3, FLAC, Ogg Vorbis and Opus, MP4/M4A AAC, WAV —
/// without starting ffprobe (whose start-up is most of a scan's time per file). Anything it does
/// not fully understand gives nil, and the caller asks ffprobe: a wrong answer is never given
/// for a file this reader only half knows.
public enum QuickProbe {
    /// Files larger than this are left to ffprobe (their tags might be anywhere).
    static let maximumFileSize = 4 << 30

    public static func read(_ path: String) -> ProbeResult? {
        guard let file = FileBytes(path: path), file.size > 0, file.size < maximumFileSize,
            let head = file.read(at: 0, count: 12)
        else { return nil }
        let start = ByteView(head)
        let result: ProbeResult?
        if start.matches(0, "fLaC") {
            result = FLACReader.read(file)
        } else if start.matches(0, "OggS") {
            result = OggReader.read(file)
        } else if start.matches(4, "ftyp") {
            result = MP4Reader.read(file)
        } else if start.matches(0, "RIFF") {
            result = WAVReader.read(file)
        } else if start.matches(0, "ID3") || (start.u8(0) == 0xFF && (start.u8(1) ?? 0) & 0xE0 == 0xE0) {
            result = MP3Reader.read(file)
        } else {
            result = nil
        }
        guard let result, result.durationSeconds.isFinite, result.durationSeconds >= 0.05,
            result.durationSeconds <= TagMapping.longestSeconds
        else { return nil }
        return result
    }
}

/// Positioned reads from a file (the readers never load a whole song).
final class FileBytes {
    let handle: FileHandle
    let size: Int

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        guard let end = try? handle.seekToEnd() else {
            try? handle.close()
            return nil
        }
        self.handle = handle
        self.size = Int(end)
    }

    deinit { try? handle.close() }

    /// `count` bytes at `offset`, fewer at the end of the file; nil when nothing can be read.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, offset < size, count > 0 else { return nil }
        do {
            try handle.seek(toOffset: UInt64(offset))
            guard let data = try handle.read(upToCount: min(count, size - offset)), !data.isEmpty else { return nil }
            return [UInt8](data)
        } catch {
            return nil
        }
    }
}
