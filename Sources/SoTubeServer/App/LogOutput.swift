import Foundation
import NIOConcurrencyHelpers

/// Standard error for log lines. A busy server writes one request line per request, and a
/// `write(2)` for each cost about a tenth of a `/healthz` (perf): request lines are gathered and
/// written together, at most `interval` later or once `capacity` bytes wait. Any other line
/// (start, stop, warnings, errors) writes what waits first, then itself, at once: order is kept,
/// and what matters is never held. A process killed with SIGKILL loses at most `interval` of
/// request lines. The flusher sleeps until a request line waits: an idle server is not woken.
enum LogOutput {
    static let interval: UInt32 = 50_000  // microseconds
    static let capacity = 32 << 10

    private struct State {
        var pending: [UInt8] = []
        var flusherStarted = false
    }
    private static let state = NIOLockedValueBox(State())
    /// Signalled when a gathered line lands in an empty batch.
    private static let waiting = DispatchSemaphore(value: 0)

    /// Writes `line` now, or, when `gathered`, with the next batch.
    static func write(_ line: [UInt8], gathered: Bool) {
        let batch: [UInt8]? = state.withLockedValue { state in
            if gathered && !state.flusherStarted {
                state.flusherStarted = true
                startFlusher()
            }
            if gathered && state.pending.isEmpty { waiting.signal() }
            state.pending.append(contentsOf: line)
            guard !gathered || state.pending.count >= capacity else { return nil }
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        if let batch { writeAll(batch) }
    }

    /// Writes whatever waits.
    static func flush() {
        let batch: [UInt8] = state.withLockedValue { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        if !batch.isEmpty { writeAll(batch) }
    }

    private static func startFlusher() {
        let thread = Thread {
            while true {
                waiting.wait()
                usleep(interval)
                flush()
            }
        }
        thread.name = "sotube-log"
        thread.start()
    }

    /// `bytes` to file descriptor 2, in as many `write(2)` calls as the kernel needs.
    private static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
