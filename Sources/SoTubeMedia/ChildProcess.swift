import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawnp`. Foundation's `Process.run()` on Linux lists
/// `/proc/self/fd` with a buffer over-read that crashes now and then when many files are open
/// (swift-corelibs-foundation #5472, not in Swift 6.3.1); a server with open sockets and a test
/// suite that spawns ffmpeg in parallel hit it. Here the child gets stdin from /dev/null, stdout and
/// stderr captured or discarded, SIGPIPE at its default, and no other descriptor of ours.
public final class ChildProcess: @unchecked Sendable {
    public enum Stream: Sendable {
        case capture
        case discard
        /// The child writes where this process does.
        case inherit
    }

    public let pid: pid_t
    /// The child's standard output when captured; read it to its end.
    public let output: FileHandle?
    /// The child's standard error when captured.
    public let errorOutput: FileHandle?
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
    public init(_ executable: String, _ arguments: [String], stdout: Stream = .capture, stderr: Stream = .capture)
        throws
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        func wire(_ stream: Stream, to target: Int32) throws -> FileHandle? {
            switch stream {
            case .capture: break
            case .inherit: return nil
            case .discard:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                return nil
            }
            var ends: [Int32] = [-1, -1]
            guard Spawning.pipe(&ends) else {
                throw MediaToolError("could not make a pipe for \(executable): errno \(errno)")
            }
            posix_spawn_file_actions_adddup2(&actions, ends[1], target)
            parentEnds.append(ends[0])
            childEnds.append(ends[1])
            return FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        }
        let output = try wire(stdout, to: 1)
        let errorOutput = try wire(stderr, to: 2)
        _ = Spawning.closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = Spawning.lock.withLock { posix_spawnp(&pid, executable, &actions, &attributes, argv, environ) }
        for end in childEnds { close(end) }
        guard result == 0 else {
            for end in parentEnds { close(end) }
            throw MediaToolError("could not start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Asks the child to end (SIGTERM, or `signal`) if it has not been waited for yet.
    public func terminate(signal: Int32 = SIGTERM) {
        lock.lock()
        defer { lock.unlock() }
        if exitStatus == nil { kill(pid, signal) }
    }

    /// Blocks until the child ends: its exit code, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        lock.lock()
        if let exitStatus {
            lock.unlock()
            return exitStatus
        }
        lock.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        lock.lock()
        exitStatus = code
        lock.unlock()
        return code
    }

    /// What a finished run printed, and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        public var errorText: String {
            String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Runs `executable` to its end (killed after `timeout` seconds) and returns what it printed.
    /// Blocks: call it from a Dispatch worker, never from an event loop or the concurrency pool.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> Output {
        let child = try ChildProcess(executable, arguments)
        let timer = DispatchWorkItem { child.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let errors = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = child.errorOutput.map(Self.readToEnd) ?? Data()
            group.leave()
        }
        let stdout = child.output.map(Self.readToEnd) ?? Data()
        group.wait()
        let status = child.wait()
        timer.cancel()
        return Output(status: status, stdout: stdout, stderr: errors.data)
    }
}

extension ChildProcess {
    /// Everything left in `handle` up to its end. Foundation's `readDataToEndOfFile()` and
    /// `availableData` use `try!` and end the process when a signal interrupts the read (EINTR);
    /// here an interrupted read is retried and any other failure ends the data early.
    public static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        while let chunk = readSome(handle), !chunk.isEmpty { data.append(chunk) }
        return data
    }

    /// What one read of `handle` returns (blocking until there is some): empty at its end, nil on an error.
    public static func readSome(_ handle: FileHandle, upTo count: Int = 65_536) -> Data? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, count) }
            if got >= 0 { return Data(buffer.prefix(got)) }
            if errno != EINTR { return nil }
        }
    }
}

/// glibc's extensions, found at run time (the Glibc module leaves out what needs `_GNU_SOURCE`):
/// `pipe2` makes both ends close-on-exec at once, and `posix_spawn_file_actions_addclosefrom_np`
/// (glibc 2.34+) closes every other descriptor in the child. Without them: `pipe` then `fcntl`,
/// inside the same lock as every spawn, so no child of ours inherits another's pipe.
enum Spawning {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    static let lock = NSLock()
    nonisolated(unsafe) static let pipe2: Pipe2? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    nonisolated(unsafe) static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

    /// A pipe whose two ends close on exec.
    static func pipe(_ ends: inout [Int32]) -> Bool {
        if let pipe2 { return pipe2(&ends, O_CLOEXEC) == 0 }
        return lock.withLock {
            guard Glibc.pipe(&ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        }
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}
