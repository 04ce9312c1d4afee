import Foundation
import Logging
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// Releases made in the browser (issue 31): drafts, their files sent in resumable chunks to the data
/// folder's `uploads`, tags read when a file is whole, and publishing through the importer (the media
/// job queue makes previews and renditions as for any import).
public struct DraftService: Sendable {
    let sellers: SellerService
    /// The data folder's `uploads`: one file per upload, named by its id.
    let root: URL
    let importer: @Sendable () -> MediaImporter
    let tools: MediaTools

    var store: SQLSellerStore { sellers.database.sellers }
    var clock: any SoTubeClock { sellers.clock }

    public func drafts(_ user: User) async throws -> [ReleaseDraft] {
        _ = try await sellers.account(user)
        return try await store.drafts(accountID: user.id)
    }

    public func create(_ user: User, artistID: String, title: String) async throws -> ReleaseDraft {
        _ = try await sellers.account(user)
        let body = try DraftRules.validate(ReleaseDraft.Body(title: title), uploads: [])
        return try await store.createDraft(
            id: sellers.ids.makeID(), accountID: user.id, artistID: artistID, title: body.title, now: clock.now())
    }

    public func draft(_ user: User, id: String) async throws -> ReleaseDraft {
        guard let draft = try await store.draft(accountID: user.id, id: id) else {
            throw DomainError.notFound(what: "The draft")
        }
        return draft
    }

    public func save(_ user: User, id: String, body: ReleaseDraft.Body) async throws -> ReleaseDraft {
        let current = try await draft(user, id: id)
        let checked = try DraftRules.validate(body, uploads: current.uploads)
        try await store.saveDraft(accountID: user.id, id: id, body: checked, now: clock.now())
        return try await draft(user, id: id)
    }

    public func delete(_ user: User, id: String) async throws {
        for path in try await store.deleteDraft(accountID: user.id, id: id) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }

    // MARK: uploads

    public func startUpload(_ user: User, draftID: String, fileName: String, size: Int, kind: ReleaseUpload.Kind)
        async throws -> ReleaseUpload
    {
        try DraftRules.validateUpload(fileName: fileName, size: size, kind: kind)
        let id = sellers.ids.makeID()
        let name = fileName.trimmingCharacters(in: .whitespaces)
        // The file keeps its extension: it tells the probe how to read headerless PCM (`.raw`).
        let ext = (name as NSString).pathExtension.lowercased()
        let path =
            ext.isEmpty || ext.count > 8 || !ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            ? id : "\(id).\(ext)"
        let upload = ReleaseUpload(
            id: id, accountID: user.id, draftID: draftID, kind: kind, fileName: name, size: size, received: 0,
            path: path)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: root.appendingPathComponent(path).path, contents: nil) else {
            throw DomainError.invalid(field: "size", reason: "The store cannot keep this file now.")
        }
        try await store.createUpload(upload, now: clock.now())
        return upload
    }

    public func upload(_ user: User, id: String) async throws -> ReleaseUpload {
        guard let upload = try await store.upload(accountID: user.id, id: id) else {
            throw DomainError.notFound(what: "The upload")
        }
        return upload
    }

    /// Writes `bytes` at `offset` (which must be the bytes received so far); the last chunk reads the
    /// file's tags and adds the song to its draft.
    public func append(_ user: User, id: String, offset: Int, bytes: [UInt8]) async throws -> ReleaseUpload {
        var upload = try await upload(user, id: id)
        try DraftRules.validateChunk(offset: offset, length: bytes.count, upload: upload)
        let url = root.appendingPathComponent(upload.path)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: bytes)
        try handle.synchronize()
        guard try await store.advanceUpload(id: id, from: offset, to: offset + bytes.count) else {
            throw DomainError.conflict(field: "Upload-Offset", reason: "Another request sent this part first.")
        }
        upload.received = offset + bytes.count
        if upload.isComplete { try await finish(upload, at: url) }
        return try await self.upload(user, id: id)
    }

    func finish(_ upload: ReleaseUpload, at url: URL) async throws {
        var tags: ReleaseUpload.Tags?
        var problem: String?
        switch upload.kind {
        case .audio:
            do {
                let probe = try await tools.probe(url.path)
                let name = (upload.fileName as NSString).deletingPathExtension
                tags = ReleaseUpload.Tags(
                    TagMapping.metadata(
                        tags: probe.tags, relativePath: [upload.fileName], rootName: name,
                        durationSeconds: probe.durationSeconds))
                if probe.durationSeconds <= 0 { problem = "This file has no audio." }
            } catch {
                problem = "This is not an audio file the store can read."
            }
        case .cover:
            let handle = try? FileHandle(forReadingFrom: url)
            let head = ((try? handle?.read(upToCount: 32)) ?? nil).map { [UInt8]($0) } ?? []
            try? handle?.close()
            if ImageUpload.sniff(head) == nil { problem = "This is not a JPEG, PNG or WebP picture." }
        }
        try await store.finishUpload(upload, tags: tags, problem: problem, now: clock.now())
    }
}
