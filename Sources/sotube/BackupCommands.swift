import ArgumentParser
import Foundation
import SoTubeMedia
import SoTubeServer
import SoTubeStoreSQL

/// The parts of a data folder a backup holds, under these names in the archive.
enum BackupLayout {
    static let database = "sotube.sqlite"
    static let secretKey = "secret.key"
    static let media = "media"

    /// Whether an archive member may be restored: only the names above, nothing absolute, no `..`.
    static func allows(_ member: String) -> Bool {
        let path = member.hasPrefix("./") ? String(member.dropFirst(2)) : member
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return false }
        return path == database || path == secretKey || path == media || path == media + "/"
            || path.hasPrefix(media + "/")
    }
}

/// Runs `tar` (Debian's) with `arguments`; throws its message when it fails.
func runTar(_ arguments: [String]) throws -> String {
    let output = try ChildProcess.run("tar", arguments, timeout: 3600)
    guard output.status == 0 else { throw ValidationError("tar failed: \(output.errorText)") }
    return String(decoding: output.stdout, as: UTF8.self)
}

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the store (database, media, server secret) to FILE.",
        discussion: """
            Safe while the server serves: the database is copied as of one moment (SQLite VACUUM INTO), \
            then the media files and the server secret are added. FILE is a tar archive, readable by its \
            owner only. Restore it with `sotube restore FILE` into an empty data folder. PostgreSQL \
            stores are copied with pg_dump (docs/backup.md).
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The archive to write (must not exist).") var file: String

    func run() async throws {
        let configuration = try store.configuration()
        let target = URL(fileURLWithPath: file).standardizedFileURL
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw ValidationError("\(file) exists already; choose a new file name.")
        }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-backup-\(UUID())")
        try FileManager.default.createDirectory(
            at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: staging) }
        let version = try await withDatabase(configuration) { database in
            try await database.snapshot(to: staging.appendingPathComponent(BackupLayout.database).path)
            return try await database.schemaVersion()
        }

        let data = configuration.dataDirectory
        let partial = target.appendingPathExtension("partial")
        var members: [String] = []
        if FileManager.default.fileExists(atPath: data.appendingPathComponent(BackupLayout.secretKey).path) {
            members += ["-C", data.path, BackupLayout.secretKey]
        }
        if FileManager.default.fileExists(atPath: data.appendingPathComponent(BackupLayout.media).path) {
            members += ["-C", data.path, BackupLayout.media]
        }
        guard
            FileManager.default.createFile(
                atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw ValidationError("cannot write \(partial.path)") }
        do {
            _ = try runTar(["-cf", partial.path, "-C", staging.path, BackupLayout.database] + members)
            try FileManager.default.moveItem(at: partial, to: target)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int) ?? 0
        print("backup written: \(file) (\(size / 1024) KiB, schema version \(version))")
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup made by `sotube backup` into an empty data folder, then check its ledger.",
        discussion: "The data folder (--data or $SOTUBE_DATA) must hold no store yet.")

    @OptionGroup var store: StoreOptions
    @Argument(help: "The archive `sotube backup` wrote.") var file: String

    func run() async throws {
        let configuration = try store.configuration()
        guard configuration.databaseURL == nil else {
            throw ValidationError("sotube restore fills a SQLite data folder; restore PostgreSQL with pg_restore.")
        }
        guard FileManager.default.fileExists(atPath: file) else { throw ValidationError("\(file) does not exist.") }
        let data = configuration.dataDirectory
        let databasePath = data.appendingPathComponent(BackupLayout.database).path
        guard !FileManager.default.fileExists(atPath: databasePath) else {
            throw ValidationError("\(data.path) already holds a store; restore into an empty data folder.")
        }
        let archive: BackupArchive
        do {
            archive = try BackupArchive(url: URL(fileURLWithPath: file))
        } catch let refusal as BackupArchive.Refusal {
            throw ValidationError(refusal.description)
        }
        guard archive.names.contains(BackupLayout.database) else {
            throw ValidationError("\(file) is not a SoTube backup (no \(BackupLayout.database) in it).")
        }
        if let refusal = archive.refusal { throw ValidationError(refusal.description) }
        try Self.unpack(archive, into: data)
        var exact = false
        try await withServices(store) { services in
            let report = try await services.commerce.verifyLedger()
            exact = report.isExact
            print(
                "restored into \(data.path): \(report.isExact ? "ledger exact" : "LEDGER WRONG"), "
                    + "\(report.accountCount) accounts, \(report.purchaseCount) purchases")
        }
        if !exact { throw ExitCode(1) }
    }

    /// Writes the archive's members into a fresh folder inside `data`, then moves each top-level
    /// one into place (the database last); a failure leaves `data` as it was.
    static func unpack(_ archive: BackupArchive, into data: URL) throws {
        let manager = FileManager.default
        let tops = [BackupLayout.secretKey, BackupLayout.media, BackupLayout.database].filter { top in
            archive.members.contains { $0.path == top || $0.path.hasPrefix(top + "/") }
        }
        for top in tops {
            let existing = data.appendingPathComponent(top).path
            var info = stat()
            guard lstat(existing, &info) == 0 else { continue }
            let emptyFolder =
                info.st_mode & S_IFMT == S_IFDIR
                && ((try? manager.contentsOfDirectory(atPath: existing)) ?? [""]).isEmpty
            guard emptyFolder else {
                throw ValidationError("\(data.path) already holds \(top); restore into an empty data folder.")
            }
        }
        try manager.createDirectory(at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let staging = data.appendingPathComponent(".restore-\(UUID().uuidString)")
        guard mkdir(staging.path, 0o700) == 0 else {
            throw ValidationError("cannot write into \(data.path) (errno \(errno)).")
        }
        defer { try? manager.removeItem(at: staging) }
        do {
            try archive.extract(into: staging)
        } catch let refusal as BackupArchive.Refusal {
            throw ValidationError(refusal.description)
        }
        for top in tops {
            let target = data.appendingPathComponent(top)
            if top == BackupLayout.media { rmdir(target.path) }  // the empty folder checked above
            guard rename(staging.appendingPathComponent(top).path, target.path) == 0 else {
                throw ValidationError("cannot move \(top) into \(data.path) (errno \(errno)).")
            }
        }
    }
}
