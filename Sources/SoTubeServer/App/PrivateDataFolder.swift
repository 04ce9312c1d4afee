import Foundation

/// The data folder holds every password hash (SQLite), reset links (the outbox) and the secret key:
/// it and the folders the server makes in it are the owner's alone (0700), its files 0600. Made so
/// at start, and an older, world-readable folder is tightened.
enum PrivateDataFolder {
    static let folderMode: Int16 = 0o700
    static let fileMode: Int16 = 0o600

    /// Creates or tightens the data folder, its outbox and media folders, the secret key, the mail
    /// in the outbox and, with SQLite, the database file (created empty and private, so SQLite's
    /// `-wal` and `-shm`, which copy its mode, are private too).
    static func prepare(_ configuration: ServerConfiguration) throws {
        for folder in [configuration.dataDirectory, configuration.outboxDirectory, configuration.mediaDirectory] {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: folderMode])
            try setMode(folderMode, of: folder.path)
        }
        let mails = try FileManager.default.contentsOfDirectory(atPath: configuration.outboxDirectory.path)
            .map { configuration.outboxDirectory.appendingPathComponent($0).path }
        var files = [configuration.dataDirectory.appendingPathComponent(SecretKeyFile.name).path] + mails
        if configuration.databaseURL == nil {
            let database = configuration.database.location
            if !FileManager.default.fileExists(atPath: database) {
                try createPrivateFile(atPath: database, contents: Data())
            }
            files += [database, database + "-wal", database + "-shm", database + "-journal"]
        }
        for path in files where FileManager.default.fileExists(atPath: path) {
            try setMode(fileMode, of: path)
        }
    }

    /// Writes a new file readable by its owner only: created 0600 under a temporary name, then moved
    /// into place, so no reader ever sees it half written or with wider permissions.
    static func createPrivateFile(atPath path: String, contents: Data) throws {
        let temporary = path + ".partial-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(fileMode))
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        let written = contents.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    private static func setMode(_ mode: Int16, of path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }
}
