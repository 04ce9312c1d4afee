import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeServer

/// `sotube import DIR`: adds a folder of audio files to the catalog.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import a folder of audio files (MP3, AAC/M4A, FLAC, Ogg, Opus, WAV, tracker files ...).",
        discussion: """
            Two stages. The scan reads tags with ffprobe (falling back to Artist/Album/07 Title.ext) and
            artwork, and writes the songs; the heavy work (preview, a streaming rendition when browsers cannot
            play the source, waveform peaks, loudness) becomes jobs in the database's queue. The command runs
            workers and waits for its jobs (a progress bar on a terminal) unless --no-wait: then `sotube serve`
            or `sotube worker` does them. A song is on sale once its preview is made (a FLAC, Ogg or WAV song
            plays from its own file until its MP3 is made). Running it again on the
            same folder scans only new or changed files. Bad files are skipped with a reason; a failed job is
            listed by `sotube jobs`.
            With --watch it keeps running (until Ctrl-C or SIGTERM): it looks at the folder every --interval
            seconds, imports new and changed files once they stopped changing, and withdraws the songs whose
            file is gone (no longer sold, out of search; their owners keep them); a file that comes back is on
            sale again. Its workers do the jobs meanwhile (none with --no-wait).
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The folder to import (searched recursively).") var directory: String
    @Option(help: "Preview length in seconds (default: $SOTUBE_PREVIEW_SECONDS or 30).")
    var previewSeconds: Int?
    @Option(help: "ffmpeg jobs at once (default: one per core).") var jobs: Int?
    @Flag(help: "Return after the scan; workers (`sotube serve`, `sotube worker`) do the jobs.")
    var noWait = false
    @Flag(help: "Keep watching the folder: new, changed and removed files are picked up within seconds.")
    var watch = false
    @Option(help: "With --watch: seconds between looks at the folder (default 2).") var interval: Double = 2

    func validate() throws {
        guard interval >= 0.2 && interval <= 3600 else {
            throw ValidationError("--interval must be between 0.2 and 3600 seconds")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw ValidationError("\(directory) is not a folder.")
        }
        let configuration = try store.configuration { $0.previewSeconds = previewSeconds }
        let services = try await AppServices.open(configuration)
        var importer = services.mediaImporter()
        if let jobs { importer.concurrency = max(1, jobs) }
        importer.waitsForJobs = !noWait
        guard importer.tools.available else {
            await services.database.shutdown()
            throw ValidationError("ffmpeg and ffprobe are needed: apt-get install ffmpeg")
        }
        if watch {
            try await WatchedImport(services: services, importer: importer, root: root, interval: interval)
                .run(workers: noWait ? 0 : importer.concurrency)
            return
        }
        let bar = ProgressBar(enabled: isatty(1) == 1)
        let report: ImportReport
        do {
            report = try await importer.importFolder(root) { bar.update($0) }
            if !report.imported.isEmpty || !report.updated.isEmpty {
                _ = try await services.database.searchIndex.rebuild()
            }
        } catch {
            await services.database.shutdown()
            bar.finish()
            throw ValidationError("import failed: \(error)")
        }
        bar.finish()
        await services.database.shutdown()
        print(ImportSummary.text(report))
    }
}

enum ImportSummary {
    static func text(_ report: ImportReport) -> String {
        var lines = [
            "imported \(report.imported.count), updated \(report.updated.count), unchanged \(report.unchanged.count), "
                + "skipped \(report.skipped.count) in \(String(format: "%.1f", report.seconds)) s"
        ]
        for skip in report.skipped.sorted(by: { $0.path < $1.path }) {
            lines.append("  skipped \(skip.path): \(skip.reason)")
        }
        if report.pendingJobs > 0 {
            lines.append("\(report.pendingJobs) media jobs queued: `sotube worker` or `sotube serve` does them")
        }
        for failed in report.failedJobs.sorted(by: { $0.path < $1.path }) {
            lines.append("  not on sale \(failed.path): \(failed.reason) (see `sotube jobs`)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A one-line progress bar redrawn in place; silent when stdout is not a terminal.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ progress: ImportProgress) {
        let name = progress.phase == .jobs ? "media jobs" : (progress.current as NSString).lastPathComponent
        draw(done: progress.done, total: progress.total, label: name.count > 40 ? String(name.prefix(39)) + "…" : name)
    }

    /// Redraws the line: a bar of `done` out of `total`, the counts and `label`.
    func draw(done: Int, total: Int, label: String) {
        guard enabled else { return }
        lock.withLock {
            let width = 30
            let filled = total <= 0 ? width : min(width, max(0, done) * width / total)
            let bar =
                String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            try? FileHandle.standardOutput.write(contentsOf: Data("\r\u{1B}[2K\(bar) \(done)/\(total) \(label)".utf8))
            drawn = true
        }
    }

    func finish() {
        lock.withLock {
            if drawn { try? FileHandle.standardOutput.write(contentsOf: Data("\n".utf8)) }
        }
    }
}
