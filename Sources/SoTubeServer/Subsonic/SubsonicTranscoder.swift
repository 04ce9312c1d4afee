import Foundation
import HTTPTypes
import Hummingbird
import SoTubeCore
import SoTubeMedia

#if canImport(Glibc)
    import Glibc
#endif

/// `stream` with `format=mp3|opus` or a `maxBitRate` below the original's: ffmpeg's output sent as
/// the player takes it (no length, no ranges). The ffmpeg process ends with the response, also when
/// the player hangs up; how many run at once is bounded (`TranscodeSlots`). `TranscodePolicy`
/// decides the codec and bit rate; this runs ffmpeg for them.
struct SubsonicTranscoder: Sendable {
    let ffmpeg: String

    /// ffmpeg's encoder and container for `codec`.
    static func encoder(_ codec: StreamCodec) -> [String] {
        switch codec {
        case .mp3: return ["-c:a", "libmp3lame", "-f", "mp3"]
        case .opus: return ["-c:a", "libopus", "-f", "ogg"]
        }
    }

    func arguments(file: URL, transcode: Transcode, offset: Int) -> [String] {
        var arguments = ["-nostdin", "-hide_banner", "-v", "error"]
        if offset > 0 { arguments += ["-ss", String(offset)] }
        arguments += ["-i", file.path, "-map", "0:a:0", "-vn"] + Self.encoder(transcode.codec)
        return arguments + ["-b:a", "\(transcode.bitRate)k", "pipe:1"]
    }

    /// A player that takes nothing for this long (seconds) ends its transcoding: ffmpeg is stopped
    /// and its slot given back (the bytes already made are still sent if the player reads on). Long
    /// enough for a paused player to resume (a player's buffer holds the pause's first minutes), short
    /// enough that an abandoned connection does not hold a slot for good.
    static let stallLimit: Double = 600

    /// The answer; its body runs ffmpeg holding `slot`, and reads ffmpeg's next piece only once the
    /// player has taken the previous one (the response writer's `write` waits for the socket), so a
    /// player that reads nothing holds one piece here, not the song.
    func response(
        file: URL, transcode: Transcode, offset: Int, head: Bool, headers: HTTPFields, slot: TranscodeSlots.Slot?
    ) -> Response {
        var headers = headers
        headers[.contentType] = transcode.codec.contentType
        if head { return Response(status: .ok, headers: headers) }
        let arguments = self.arguments(file: file, transcode: transcode, offset: offset)
        let ffmpeg = self.ffmpeg
        let body = ResponseBody { writer in
            let run = try TranscodeRun(ffmpeg: ffmpeg, arguments: arguments, slot: slot)
            // However the answer ends (done, the player hung up, an error), ffmpeg ends with it.
            defer { run.stop() }
            while let chunk = await run.next() {
                let stalled = DispatchWorkItem { run.stop() }
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.stallLimit, execute: stalled)
                defer { stalled.cancel() }
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// One ffmpeg process and its output, read on a Dispatch thread (never on the concurrency pool) one
/// piece at a time, when asked.
private final class TranscodeRun: Sendable {
    private let child: ChildProcess
    static let pieceSize = 64 * 1024

    init(ffmpeg: String, arguments: [String], slot: TranscodeSlots.Slot?) throws {
        child = try ChildProcess(ffmpeg, arguments, stdout: .capture, stderr: .discard)
        // Reap it whenever it ends, however the answer ends; only then is its slot free.
        DispatchQueue.global(qos: .utility).async { [child] in
            child.wait()
            slot?.release()
        }
    }

    /// ffmpeg's next piece of output (at most 64 KiB), nil when it is done (or was stopped).
    func next() async -> ByteBuffer? {
        guard let descriptor = child.output?.fileDescriptor else { return nil }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                var buffer = ByteBufferAllocator().buffer(capacity: Self.pieceSize)
                let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: Self.pieceSize) { bytes in
                    while true {
                        let read = Glibc.read(descriptor, bytes.baseAddress, Self.pieceSize)
                        if read >= 0 { return read }
                        if errno != EINTR { return 0 }
                    }
                }
                continuation.resume(returning: count > 0 ? buffer : nil)
            }
        }
    }

    /// Ends ffmpeg at once if it still runs (SIGKILL: a SIGTERMed ffmpeg blocked on a full pipe
    /// would wait for a reader that never comes).
    func stop() {
        child.terminate(signal: SIGKILL)
    }
}
