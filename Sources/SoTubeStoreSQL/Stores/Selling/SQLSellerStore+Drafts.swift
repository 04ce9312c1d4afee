import Foundation
import SQLKit
import SoTubeCore

/// Drafts of releases and their uploads, each read and changed only through its account.
extension SQLSellerStore {
    public func createDraft(id: String, accountID: String, artistID: String, title: String, now: Date) async throws
        -> ReleaseDraft
    {
        try await backend.transaction { db in
            guard
                try await db.raw(
                    """
                    SELECT 1 AS one FROM artist_accounts
                    WHERE artist_id = \(bind: artistID) AND user_id = \(bind: accountID)
                    """
                ).first() != nil
            else { throw DomainError.invalid(field: "artistId", reason: "This is not one of your artists.") }
            let millis = now.epochMillis
            try await db.raw(
                """
                INSERT INTO release_drafts (id, account, artist_id, body, created_at, updated_at)
                VALUES (\(bind: id), \(bind: accountID), \(bind: artistID),
                    \(bind: Self.encode(ReleaseDraft.Body(title: title))), \(bind: millis), \(bind: millis))
                """
            ).run()
        }
        guard let draft = try await draft(accountID: accountID, id: id) else {
            throw DomainError.notFound(what: "The draft")
        }
        return draft
    }

    public func drafts(accountID: String) async throws -> [ReleaseDraft] {
        try await backend.read { db in
            var drafts: [ReleaseDraft] = []
            for row in try await db.raw(
                "\(unsafeRaw: Self.draftSelect) WHERE d.account = \(bind: accountID) ORDER BY d.updated_at DESC, d.id"
            ).all() {
                drafts.append(try await Self.draft(row, db))
            }
            return drafts
        }
    }

    public func draft(accountID: String, id: String) async throws -> ReleaseDraft? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    "\(unsafeRaw: Self.draftSelect) WHERE d.account = \(bind: accountID) AND d.id = \(bind: id)"
                ).first()
            else { return nil }
            return try await Self.draft(row, db)
        }
    }

    static let draftSelect = """
        SELECT d.id, d.account, d.artist_id, ar.name AS artist_name, d.body, d.updated_at
        FROM release_drafts d JOIN artists ar ON ar.id = d.artist_id
        """

    static func draft(_ row: any SQLRow, _ db: any SQLDatabase) async throws -> ReleaseDraft {
        let id = try row.decode(column: "id", as: String.self)
        let text = try row.decode(column: "body", as: String.self)
        guard let body = try? JSONDecoder().decode(ReleaseDraft.Body.self, from: Data(text.utf8)) else {
            throw StoreError.corrupt("draft \(id) has an unreadable body")
        }
        let uploads = try await db.raw(
            "\(unsafeRaw: uploadSelect) WHERE draft_id = \(bind: id) ORDER BY created_at, id"
        ).all().map(Self.upload)
        return ReleaseDraft(
            id: id, accountID: try row.decode(column: "account", as: String.self),
            artistID: try row.decode(column: "artist_id", as: String.self),
            artistName: try row.decode(column: "artist_name", as: String.self), body: body, uploads: uploads,
            updatedAt: Date(epochMillis: try row.decode(column: "updated_at", as: Int64.self)))
    }

    public func saveDraft(accountID: String, id: String, body: ReleaseDraft.Body, now: Date) async throws {
        try await backend.transaction { db in
            let rows = try await db.raw(
                """
                UPDATE release_drafts SET body = \(bind: Self.encode(body)), updated_at = \(bind: now.epochMillis)
                WHERE id = \(bind: id) AND account = \(bind: accountID) RETURNING id
                """
            ).all()
            guard !rows.isEmpty else { throw DomainError.notFound(what: "The draft") }
        }
    }

    /// Removes the draft and answers its uploads' paths (the caller deletes the files).
    public func deleteDraft(accountID: String, id: String) async throws -> [String] {
        try await backend.transaction { db in
            let paths = try await db.raw(
                "DELETE FROM uploads WHERE draft_id = \(bind: id) AND account = \(bind: accountID) RETURNING path"
            ).all().map { try $0.decode(column: "path", as: String.self) }
            let rows = try await db.raw(
                "DELETE FROM release_drafts WHERE id = \(bind: id) AND account = \(bind: accountID) RETURNING id"
            ).all()
            guard !rows.isEmpty else { throw DomainError.notFound(what: "The draft") }
            return paths
        }
    }

    /// Forgets a published draft; its uploads stay (they are the songs' original files).
    public func finishDraft(id: String) async throws {
        try await backend.transaction { db in
            try await db.raw("UPDATE uploads SET draft_id = NULL WHERE draft_id = \(bind: id)").run()
            try await db.raw("DELETE FROM release_drafts WHERE id = \(bind: id)").run()
        }
    }

    // MARK: uploads

    static let uploadSelect =
        "SELECT id, account, draft_id, kind, file_name, size, received, path, tags, problem FROM uploads"

    static func upload(_ row: any SQLRow) throws -> ReleaseUpload {
        let tags = try row.decode(column: "tags", as: String?.self).flatMap {
            try? JSONDecoder().decode(ReleaseUpload.Tags.self, from: Data($0.utf8))
        }
        return ReleaseUpload(
            id: try row.decode(column: "id", as: String.self),
            accountID: try row.decode(column: "account", as: String.self),
            draftID: try row.decode(column: "draft_id", as: String?.self),
            kind: ReleaseUpload.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .audio,
            fileName: try row.decode(column: "file_name", as: String.self),
            size: try row.decode(column: "size", as: Int.self),
            received: try row.decode(column: "received", as: Int.self),
            path: try row.decode(column: "path", as: String.self), tags: tags,
            problem: try row.decode(column: "problem", as: String?.self))
    }

    public func createUpload(_ upload: ReleaseUpload, now: Date) async throws {
        try await backend.transaction { db in
            guard let draftID = upload.draftID,
                try await db.raw(
                    "SELECT 1 AS one FROM release_drafts WHERE id = \(bind: draftID) AND account = \(bind: upload.accountID)"
                ).first() != nil
            else { throw DomainError.notFound(what: "The draft") }
            try await db.raw(
                """
                INSERT INTO uploads (id, account, draft_id, kind, file_name, size, received, path, created_at)
                VALUES (\(bind: upload.id), \(bind: upload.accountID), \(bind: draftID), \(bind: upload.kind.rawValue),
                    \(bind: upload.fileName), \(bind: upload.size), 0, \(bind: upload.path), \(bind: now.epochMillis))
                """
            ).run()
        }
    }

    public func upload(accountID: String, id: String) async throws -> ReleaseUpload? {
        try await backend.read { db in
            try await db.raw("\(unsafeRaw: Self.uploadSelect) WHERE id = \(bind: id) AND account = \(bind: accountID)")
                .first().map(Self.upload)
        }
    }

    /// Moves the received count from `from` to `to`; false when another request moved it first.
    public func advanceUpload(id: String, from: Int, to: Int) async throws -> Bool {
        try await backend.transaction { db in
            !(try await db.raw(
                "UPDATE uploads SET received = \(bind: to) WHERE id = \(bind: id) AND received = \(bind: from) RETURNING id"
            ).all().isEmpty)
        }
    }

    /// Keeps what a finished file's tags say (or why it cannot be used) and, for a song, adds it to its
    /// draft's tracks with its tags' title and numbers.
    public func finishUpload(_ upload: ReleaseUpload, tags: ReleaseUpload.Tags?, problem: String?, now: Date)
        async throws
    {
        try await backend.transaction { db in
            let encoded = tags.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }
            try await db.raw(
                "UPDATE uploads SET tags = \(bind: encoded), problem = \(bind: problem) WHERE id = \(bind: upload.id)"
            ).run()
            guard let draftID = upload.draftID,
                let row = try await db.raw("SELECT body FROM release_drafts WHERE id = \(bind: draftID)").first(),
                var body = try? JSONDecoder().decode(
                    ReleaseDraft.Body.self, from: Data(try row.decode(column: "body", as: String.self).utf8))
            else { return }
            switch upload.kind {
            case .audio:
                guard let tags, problem == nil, !body.tracks.contains(where: { $0.uploadID == upload.id }) else {
                    return
                }
                let number = tags.trackNumber > 0 ? tags.trackNumber : body.tracks.count + 1
                body.tracks.append(
                    ReleaseDraft.Track(
                        uploadID: upload.id, title: tags.title, trackNumber: number,
                        discNumber: max(1, tags.discNumber),
                        price: 10, nameYourPrice: false))
                body.tracks.sort { ($0.discNumber, $0.trackNumber) < ($1.discNumber, $1.trackNumber) }
                if body.year == nil { body.year = tags.year }
                if body.genre == nil { body.genre = tags.genre }
            case .cover:
                guard problem == nil else { return }
                body.coverUploadID = upload.id
            }
            try await db.raw(
                """
                UPDATE release_drafts SET body = \(bind: Self.encode(body)), updated_at = \(bind: now.epochMillis)
                WHERE id = \(bind: draftID)
                """
            ).run()
        }
    }

    static func encode(_ body: ReleaseDraft.Body) -> String {
        (try? String(decoding: JSONEncoder().encode(body), as: UTF8.self)) ?? "{}"
    }
}
