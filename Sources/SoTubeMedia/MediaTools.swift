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

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        public var errorText: String {
            String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw MediaToolError("could not start \(executable): \(error)")
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: errBox.data)
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

final class DataBox: @unchecked Sendable {
    var data = Data()
}
