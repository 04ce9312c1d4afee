import Foundation
import SoTubeCore
import SoTubeServer

/// What `sotube sources` prints.
enum SourceText {
    static func listing(_ source: CatalogSourceRecord) -> String {
        var head = "\(source.name)  \(source.url)"
        head += source.auth == .apiKey ? " (API key" : " (user \(source.username)"
        head += ", \(source.price) coins a song, \(source.parallel) downloads at once"
        head += source.everySeconds.map { ", every \(SourceRules.intervalText($0)))" } ?? ", synced by hand)"
        guard let last = source.lastSync else { return head + "\n  never synced" }
        let when = ISO8601DateFormatter().string(from: last.startedAt)
        var line = "  last sync \(when): \(last.status.rawValue)"
        if let finished = last.finishedAt {
            line += String(format: " in %.0f s", finished.timeIntervalSince(last.startedAt))
        }
        if last.status != .failed {
            line +=
                ", \(last.songs) songs in \(last.albums) albums, \(last.fetched) fetched (\(bytes(last.bytes))), "
                + "\(last.unchanged) unchanged, \(last.withdrawn) withdrawn, \(last.restored) back on sale, "
                + "\(last.errors) errors"
        }
        if let message = last.message { line += "\n  \(last.status == .failed ? "error" : "first error"): \(message)" }
        return head + "\n" + line
    }

    static func result(_ result: SourceSyncResult, seconds: Double, pendingJobs: Int, failedJobs: Int) -> String {
        let summary = result.summary
        var lines = [
            "\(summary.songs) songs in \(summary.albums) albums upstream: fetched \(summary.fetched) "
                + "(\(bytes(summary.bytes))), unchanged \(summary.unchanged), withdrawn \(summary.withdrawn), "
                + "back on sale \(summary.restored), errors \(result.problems.count) in "
                + String(format: "%.1f s", seconds)
        ]
        for problem in result.problems.prefix(20) { lines.append("  not taken \(problem.path): \(problem.reason)") }
        if result.problems.count > 20 { lines.append("  … and \(result.problems.count - 20) more") }
        if pendingJobs > 0 {
            lines.append("\(pendingJobs) media jobs queued: `sotube worker` or `sotube serve` does them")
        }
        if failedJobs > 0 {
            lines.append("\(failedJobs) songs not on sale: their media job failed (see `sotube jobs`)")
        }
        return lines.joined(separator: "\n")
    }

    static func bytes(_ count: Int) -> String {
        if count >= 1 << 30 { return String(format: "%.1f GB", Double(count) / Double(1 << 30)) }
        if count >= 1 << 20 { return String(format: "%.1f MB", Double(count) / Double(1 << 20)) }
        if count >= 1 << 10 { return String(format: "%.0f KB", Double(count) / Double(1 << 10)) }
        return "\(count) bytes"
    }
}

extension ProgressBar {
    /// A sync's progress: listing, then downloads with counts and bytes, then media jobs.
    func update(_ progress: SourceSyncProgress) {
        let label: String
        switch progress.phase {
        case .listing: label = "albums read"
        case .fetching: label = "songs fetched, \(SourceText.bytes(progress.bytes))"
        case .jobs: label = "media jobs"
        }
        draw(done: progress.done, total: progress.total, label: label)
    }
}
