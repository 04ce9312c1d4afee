import Foundation
import HTTPTypes
import Hummingbird
import SoTubeMedia

/// `stream` with `format=mp3|opus` or a `maxBitRate` below the original's: ffmpeg's output sent as
/// it is produced (no length, no ranges). The ffmpeg process ends with the response, also when the
/// player hangs up.
struct SubsonicTranscoder: Sendable {
    enum Codec: String, Sendable {
        case mp3
        case opus

        var contentType: String { self == .mp3 ? "audio/mpeg" : "audio/ogg" }
        var defaultBitRate: Int { self == .mp3 ? 192 : 128 }
        var arguments: [String] {
            switch self {
            case .mp3: return ["-c:a", "libmp3lame", "-f", "mp3"]
            case .opus: return ["-c:a", "libopus", "-f", "ogg"]
            }
        }
    }

    let ffmpeg: String

    func arguments(file: URL, codec: Codec, bitRate: Int, offset: Int) -> [String] {
        var arguments = ["-nostdin", "-hide_banner", "-v", "error"]
        if offset > 0 { arguments += ["-ss", String(offset)] }
        arguments += ["-i", file.path, "-map", "0:a:0", "-vn"] + codec.arguments
        return arguments + ["-b:a", "\(bitRate)k", "pipe:1"]
    }

    func response(file: URL, codec: Codec, bitRate: Int, offset: Int, head: Bool, headers: HTTPFields) -> Response {
        var headers = headers
        headers[.contentType] = codec.contentType
        if head { return Response(status: .ok, headers: headers) }
        let arguments = self.arguments(file: file, codec: codec, bitRate: bitRate, offset: offset)
        let ffmpeg = self.ffmpeg
        let body = ResponseBody { writer in
            let run = try TranscodeRun(ffmpeg: ffmpeg, arguments: arguments)
            do {
                for await chunk in run.chunks() {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
            } catch {
                run.stop()
                throw error
            }
            run.stop()
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// One ffmpeg process and its output, read on a Dispatch thread (never on the concurrency pool).
private final class TranscodeRun: @unchecked Sendable {
    private let child: ChildProcess

    init(ffmpeg: String, arguments: [String]) throws {
        child = try ChildProcess(ffmpeg, arguments, stdout: .capture, stderr: .discard)
        // Reap it whenever it ends, however the answer ends.
        DispatchQueue.global(qos: .utility).async { [child] in child.wait() }
    }

    /// The output as it comes; ends when ffmpeg closes it. Stops ffmpeg when the reader goes away.
    func chunks() -> AsyncStream<Data> {
        AsyncStream { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                guard let reader = self.child.output else {
                    continuation.finish()
                    return
                }
                while true {
                    let data = reader.availableData
                    if data.isEmpty { break }
                    continuation.yield(data)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in self.stop() }
        }
    }

    /// Ends ffmpeg if it still runs (the player hung up, or it is done).
    func stop() {
        child.terminate()
    }
}
