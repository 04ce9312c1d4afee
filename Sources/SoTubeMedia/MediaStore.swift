import Foundation

/// Where media objects live: song renditions, previews, kept originals, artwork and profile photos,
/// each under a key (`tracks/ab/abcd…/preview.mp3`, `artwork/<key>-300.jpg`) that the catalog rows
/// name. ffmpeg writes to local files, so an object is made in two steps: produced at `staging(for:)`,
/// then published with `put(_:from:)`, which readers see whole or not at all. Every server of a
/// cluster uses the same store (docs/deploy.md: a shared folder today; an S3-compatible store needs
/// only another implementation of this protocol, see there for what changes for signed URLs).
public protocol MediaStore: Sendable {
    /// A local file to produce the object `key` in before `put` (its folder exists). Its name holds
    /// `.part`, so `discardStaged(under:)` finds what a killed run left. With a `maker` (a job's id),
    /// the name is that maker's: two jobs making one object at once (one album's picture, queued by
    /// two imports and taken by workers in two processes sharing the store) never write one file, and
    /// the last to publish replaces the first's whole object with its own; the job run again after its
    /// worker was killed writes over what the killed run staged. Without one, every maker of the object
    /// stages the same file, and the next writes over what a killed one left.
    func staging(for key: String, maker: String?) throws -> URL
    /// Publishes the file at `staged` as the object `key`, replacing the old one atomically.
    func put(_ key: String, from staged: URL) throws
    /// A local file with the object's bytes, nil when there is no such object. (The local store's own
    /// file; a remote store would answer from a local cache or the server would redirect instead.)
    func file(for key: String) -> URL?
    /// Removes the object (nothing when there is none).
    func delete(_ key: String)
    /// The keys directly under `folder` (file names, sorted), staged files excluded.
    func keys(in folder: String) -> [String]
    /// Removes what runs that never finished left staged under `folder`; called by the job holding
    /// the lease on that folder's track before it stages its own.
    func discardStaged(under folder: String)
}

extension MediaStore {
    public func exists(_ key: String) -> Bool { file(for: key) != nil }

    /// `staging(for:maker:)` without a maker: the object's one staged file.
    public func staging(for key: String) throws -> URL { try staging(for: key, maker: nil) }

    /// Runs `make`, which writes every staged file, then publishes them all; when it fails, removes
    /// them and throws its error (the old objects stay).
    func publish(_ staged: [(key: String, file: URL)], madeBy make: () async throws -> Void) async throws {
        do {
            try await make()
        } catch {
            for (_, file) in staged { try? FileManager.default.removeItem(at: file) }
            throw error
        }
        for (key, file) in staged { try put(key, from: file) }
    }
}

/// The media store in a local (or network-mounted) folder: `SOTUBE_MEDIA_ROOT`, or `media/` in the
/// data directory. Staged files sit beside their final names, so `put` is a `rename(2)`.
public struct LocalMediaStore: MediaStore {
    public let root: URL

    public init(root: URL) { self.root = root }

    func url(_ key: String) -> URL { root.appendingPathComponent(key) }

    public func staging(for key: String, maker: String?) throws -> URL {
        let final = url(key)
        let folder = final.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ext = final.pathExtension
        let stem = final.deletingPathExtension().lastPathComponent
        // Letters, digits and dashes only: the maker is part of a file name.
        let tag = maker.map { maker in
            "-"
                + String(
                    maker.unicodeScalars.filter {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    }.prefix(40))
        }
        let part = "\(stem).part\(tag ?? "")"
        return folder.appendingPathComponent(ext.isEmpty ? part : "\(part).\(ext)")
    }

    public func put(_ key: String, from staged: URL) throws {
        // The owner's alone, like the rest of the data folder: a file copied as it was imported
        // keeps its 0644 (a copy keeps the source's mode; the umask applies to new files only).
        guard chmod(staged.path, 0o600) == 0 else {
            throw MediaToolError("cannot make \(staged.lastPathComponent) private (errno \(errno))")
        }
        // Atomic (POSIX): a reader sees the old file or the new one, never half of one.
        guard rename(staged.path, url(key).path) == 0 else {
            throw MediaToolError("cannot move \(staged.lastPathComponent) into place (errno \(errno))")
        }
    }

    public func file(for key: String) -> URL? {
        let file = url(key)
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    public func delete(_ key: String) { try? FileManager.default.removeItem(at: url(key)) }

    public func keys(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? [])
            .filter { !$0.contains(".part") }.sorted()
    }

    public func discardStaged(under folder: String) {
        let directory = url(folder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.contains(".part") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
