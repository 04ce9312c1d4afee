import Dispatch
import Foundation

/// A failed or unusable tool run.
public struct MediaToolError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// ffprobe and ffmpeg as subprocesses. Every run happens on a Dispatch worker thread, never on
/// an event loop or the Swift concurrency pool, and is killed after `timeout` seconds.
public struct MediaTools: Sendable {
    public var ffmpeg: String
    public var ffprobe: String
    public var timeout: Double

    public init(ffmpeg: String? = nil, ffprobe: String? = nil, timeout: Double = 300) {
        self.ffmpeg = ffmpeg ?? Self.locate("ffmpeg")
        self.ffprobe = ffprobe ?? Self.locate("ffprobe")
        self.timeout = timeout
    }

    /// Whether both tools can be run.
    public var available: Bool {
        FileManager.default.isExecutableFile(atPath: ffmpeg)
            && FileManager.default.isExecutableFile(atPath: ffprobe)
    }

    static func locate(_ name: String) -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(name)"
    }

    public typealias Output = ChildProcess.Output

    /// Runs `executable` with `arguments`; stdin is empty.
    public func run(_ executable: String, _ arguments: [String]) async throws -> Output {
        let timeout = self.timeout
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(
                    with: Result { try Self.runBlocking(executable, arguments, timeout: timeout) })
            }
        }
    }

    static func runBlocking(_ executable: String, _ arguments: [String], timeout: Double) throws
        -> Output
    {
        try ChildProcess.run(executable, arguments, timeout: timeout)
    }

    /// Runs ffmpeg quietly; throws with its message when it fails.
    @discardableResult
    public func ffmpeg(_ arguments: [String]) async throws -> Data {
        let output = try await run(
            ffmpeg, ["-nostdin", "-hide_banner", "-v", "error", "-y"] + arguments)
        guard output.status == 0 else {
            throw MediaToolError(
                "ffmpeg failed: \(output.errorText.split(separator: "\n").last ?? "exit \(output.status)")")
        }
        return output.stdout
    }
}
