import Foundation
import SoTubeMedia
import SoTubeServer

/// `sotube import --watch`: a `FolderWatch` and this process's media workers, until SIGTERM or Ctrl-C.
/// Each pass that changed something prints one line; search follows every change.
struct WatchedImport {
    let services: AppServices
    let importer: MediaImporter
    let root: URL
    let interval: Double

    func run(workers: Int) async throws {
        let stopped = StopFlag()
        let signals = StopSignals { stopped.set() }
        let work = Task { if workers > 0 { await services.runMediaWorkers(workers, rules: importer.rules) } }
        let watch = FolderWatch(importer: importer, root: root, interval: interval)
        print("watching \(watch.root.path) every \(interval) s (Ctrl-C to stop)")
        var failure: (any Error)?
        do {
            try await watch.run(stop: { stopped.isSet }) { pass in
                if pass.changedCatalog { _ = try await services.database.searchIndex.rebuild() }
                print(Self.line(pass))
            }
        } catch {
            failure = error
        }
        work.cancel()
        await work.value
        signals.cancel()
        await services.database.shutdown()
        if let failure { throw failure }
    }

    static func line(_ pass: FolderWatch.Pass) -> String {
        var parts: [String] = []
        if pass.imported > 0 { parts.append("imported \(pass.imported)") }
        if pass.updated > 0 { parts.append("updated \(pass.updated)") }
        if pass.withdrawn > 0 { parts.append("withdrawn \(pass.withdrawn) (file gone)") }
        if pass.restored > 0 { parts.append("back on sale \(pass.restored)") }
        if pass.pendingJobs > 0 { parts.append("\(pass.pendingJobs) media jobs queued") }
        var lines = [parts.isEmpty ? "nothing new" : parts.joined(separator: ", ")]
        for skip in pass.skipped.sorted(by: { $0.path < $1.path }) {
            lines.append("  skipped \(skip.path): \(skip.reason)")
        }
        let stamp = ISO8601DateFormatter().string(from: Date())
        return "\(stamp) " + lines.joined(separator: "\n")
    }
}

/// Set once from a signal handler, read by the watch between passes.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
