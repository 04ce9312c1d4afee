import Foundation
import SoTubeCore

/// Keeps the catalog in step with a music folder by polling it (`sotube import --watch`): new and
/// changed files are scanned (their jobs queued) once their size and modification time held still for
/// one pass and the file was last written `settleSeconds` ago, so a file being copied is not read
/// half-written; songs whose file is gone are withdrawn
/// (`CatalogWriting.reconcileFolder`: no longer sold, out of search, kept by their owners), and come
/// back on sale with their file. The first pass imports what is there at once.
public struct FolderWatch: Sendable {
    /// What one pass did.
    public struct Pass: Sendable {
        public var imported = 0
        public var updated = 0
        /// Files seen for the first time that cannot be imported, with the reason.
        public var skipped: [SkippedFile] = []
        public var withdrawn = 0
        public var restored = 0
        /// Jobs queued by this pass still to do.
        public var pendingJobs = 0
        /// Whether the catalog changed (search needs the new songs, or loses the withdrawn ones).
        public var changedCatalog: Bool { imported + updated + withdrawn + restored > 0 }
    }

    public var importer: MediaImporter
    public var root: URL
    /// Seconds between passes.
    public var interval: Double
    /// How long ago a new or changed file must have been written to be read.
    public var settleSeconds: Double

    public init(importer: MediaImporter, root: URL, interval: Double = 2, settleSeconds: Double = 2) {
        var importer = importer
        importer.waitsForJobs = false
        self.importer = importer
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.interval = interval
        self.settleSeconds = settleSeconds
    }

    /// Runs a pass every `interval` seconds until `stop` says so, handing each pass that did anything
    /// to `report`.
    public func run(
        stop: @escaping @Sendable () -> Bool, report: @escaping @Sendable (Pass) async throws -> Void
    ) async throws {
        var state = State()
        while !stop() && !Task.isCancelled {
            let pass = try await self.pass(&state)
            if pass.changedCatalog || !pass.skipped.isEmpty { try await report(pass) }
            var waited = 0.0
            while waited < interval && !stop() && !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 100_000_000)
                waited += 0.1
            }
        }
    }

    /// What the watch remembers between passes.
    public struct State: Sendable {
        /// Size and modification time of every file at the last pass.
        var seen: [String: FileStamp] = [:]
        /// Size and modification time each file had when it was last handed to the importer.
        var handled: [String: FileStamp] = [:]
        /// Audio files present at the last reconciliation.
        var present: Set<String>? = nil
        var reportedSkips: Set<String> = []
        public init() {}
    }

    struct FileStamp: Sendable, Equatable {
        var size: Int
        var mtime: Int
    }

    /// One pass: scan the folder, import what settled, withdraw or restore what left or came back.
    public func pass(_ state: inout State) async throws -> Pass {
        let first = state.present == nil
        let (items, skipped) = try FolderScanner.scan(root)
        var result = Pass()
        for skip in skipped where !state.reportedSkips.contains(skip.path) {
            state.reportedSkips.insert(skip.path)
            result.skipped.append(skip)
        }
        var seen: [String: FileStamp] = [:]
        var settled: [ImportItem] = []
        let now = importer.clock.now()
        for item in items {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: item.file.path),
                let written = attributes[.modificationDate] as? Date
            else { continue }
            let stamp = FileStamp(
                size: (attributes[.size] as? NSNumber)?.intValue ?? 0, mtime: Int(written.timeIntervalSince1970))
            seen[item.sourceKey] = stamp
            guard state.handled[item.sourceKey] != stamp else { continue }
            // Maybe still being written (changed since the last pass, or just now): wait.
            let stillFor = first || state.seen[item.sourceKey] == stamp
            if stillFor && now.timeIntervalSince(written) >= settleSeconds { settled.append(item) }
        }
        state.seen = seen
        if !settled.isEmpty {
            let report = try await importer.importItems(settled)
            for item in settled { state.handled[item.sourceKey] = seen[item.sourceKey] }
            result.imported = report.imported.count
            result.updated = report.updated.count
            result.pendingJobs = report.pendingJobs
            for skip in report.skipped where !state.reportedSkips.contains(skip.path) {
                state.reportedSkips.insert(skip.path)
                result.skipped.append(skip)
            }
        }
        let present = Set(seen.keys)
        for gone in state.handled.keys where !present.contains(gone) {
            state.handled[gone] = nil
            state.reportedSkips.remove(gone)
        }
        if present != state.present {
            let changes = try await importer.writer.reconcileFolder(root.path, present: present)
            result.withdrawn = changes.withdrawn.count
            result.restored = changes.restored.count
            state.present = present
        }
        return result
    }
}
