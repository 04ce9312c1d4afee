import Foundation
import SQLKit
import SoTubeCore

/// The operator's side of the catalog: find songs (withdrawn ones too), edit them, set album prices.
/// Each change writes its audit entry in the same transaction; the catalog-version triggers tell every
/// server's caches, and the search index is refreshed for a changed title or withdrawal.
public struct SQLCatalogAdmin: Sendable {
    let backend: any SQLBackend
    let searchIndex: SQLSearchIndex

    package init(backend: any SQLBackend) {
        self.backend = backend
        self.searchIndex = SQLSearchIndex(backend: backend)
    }

    private static let columns = """
        t.id, t.title, ar.name AS artist_name, t.artist_id, al.title AS album_title, t.album_id, t.genre, t.explicit, t.lyrics,
        t.price, t.withdrawn_at, t.ready, al.price AS album_price,
        (SELECT CAST(COALESCE(SUM(x.price), 0) AS BIGINT) FROM tracks x
            WHERE x.album_id = al.id AND x.withdrawn_at IS NULL) AS on_sale_price_sum
        """
    private static let from = "tracks t JOIN artists ar ON ar.id = t.artist_id JOIN albums al ON al.id = t.album_id"

    /// Songs whose title, artist or album starts with `text` (case folded; withdrawn ones too), or whose
    /// id is `text`; the newest songs when `text` is empty.
    public func findTracks(matching text: String, limit: Int) async throws -> [AdminTrack] {
        let pattern = SQLAccountStore.likePrefix(text.lowercased())
        return try await backend.read { db in
            let query: SQLQueryString =
                text.isEmpty
                ? """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.from)
                ORDER BY t.created_at DESC, t.id LIMIT \(bind: limit)
                """
                : """
                SELECT \(unsafeRaw: Self.columns) FROM \(unsafeRaw: Self.from)
                WHERE LOWER(t.title) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(ar.name) LIKE \(bind: pattern) ESCAPE '\\'
                    OR LOWER(al.title) LIKE \(bind: pattern) ESCAPE '\\' OR t.id = \(bind: text)
                ORDER BY LOWER(t.title), t.id LIMIT \(bind: limit)
                """
            return try await db.raw(query).all().map(Self.decode)
        }
    }

    public func track(id: String) async throws -> AdminTrack? {
        try await backend.read { db in try await Self.track(id, db) }
    }

    static func track(_ id: String, _ db: any SQLDatabase) async throws -> AdminTrack? {
        try await db.raw("SELECT \(unsafeRaw: columns) FROM \(unsafeRaw: from) WHERE t.id = \(bind: id)").first()
            .map(decode)
    }

    /// Applies a validated edit. Throws notFound.
    public func edit(trackID: String, _ edit: TrackEdit, now: Date, audit: AuditEntry) async throws -> AdminTrack {
        let updated = try await backend.transaction { db -> AdminTrack in
            guard let before = try await Self.track(trackID, db) else { throw DomainError.notFound(what: "The song") }
            let millis = now.epochMillis
            if let title = edit.title {
                try await db.raw("UPDATE tracks SET title = \(bind: title) WHERE id = \(bind: trackID)").run()
            }
            if let genre = edit.genre {
                let value: String? = genre.isEmpty ? nil : genre
                try await db.raw("UPDATE tracks SET genre = \(bind: value) WHERE id = \(bind: trackID)").run()
            }
            if let explicit = edit.explicit {
                try await db.raw("UPDATE tracks SET explicit = \(bind: explicit ? 1 : 0) WHERE id = \(bind: trackID)")
                    .run()
            }
            if let lyrics = edit.lyrics {
                let value: String? = lyrics.isEmpty ? nil : lyrics
                try await db.raw("UPDATE tracks SET lyrics = \(bind: value) WHERE id = \(bind: trackID)").run()
            }
            if let price = edit.price {
                try await db.raw("UPDATE tracks SET price = \(bind: price) WHERE id = \(bind: trackID)").run()
            }
            if let withdrawn = edit.withdrawn, withdrawn != before.withdrawn {
                let value: Int64? = withdrawn ? millis : nil
                try await db.raw("UPDATE tracks SET withdrawn_at = \(bind: value) WHERE id = \(bind: trackID)").run()
            }
            try await db.raw("UPDATE tracks SET updated_at = \(bind: millis) WHERE id = \(bind: trackID)").run()
            guard let after = try await Self.track(trackID, db) else { throw DomainError.notFound(what: "The song") }
            var entry = audit
            (entry.before, entry.after) = Self.changes(before, after)
            try await SQLAuditLog.insert(entry, into: db)
            return after
        }
        if edit.title != nil || edit.withdrawn != nil {
            try await searchIndex.index(.track, id: trackID)
        }
        return updated
    }

    /// Sets the operator's price of the album (nil: derived from its songs again). Throws notFound.
    public func setAlbumPrice(albumID: String, price: Int?, audit: AuditEntry) async throws
        -> (title: String, operatorPrice: Int?, derivedPrice: Int)
    {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT al.title, al.price,
                        (SELECT CAST(COALESCE(SUM(x.price), 0) AS BIGINT) FROM tracks x
                            WHERE x.album_id = al.id AND x.withdrawn_at IS NULL) AS on_sale_price_sum
                    FROM albums al WHERE al.id = \(bind: albumID)
                    """
                ).first()
            else { throw DomainError.notFound(what: "The album") }
            let before = try row.decode(column: "price", as: Int?.self)
            try await db.raw("UPDATE albums SET price = \(bind: price) WHERE id = \(bind: albumID)").run()
            var entry = audit
            entry.before = AuditJSON.encode(["price": before.map { $0 as Any } ?? "derived"])
            entry.after = AuditJSON.encode(["price": price.map { $0 as Any } ?? "derived"])
            try await SQLAuditLog.insert(entry, into: db)
            let sum = try row.decode(column: "on_sale_price_sum", as: Int.self)
            return (
                try row.decode(column: "title", as: String.self), price,
                AlbumPricing.bundlePrice(trackPriceSum: sum, operatorPrice: nil)
            )
        }
    }

    /// The fields that differ, before and after, as compact JSON.
    static func changes(_ before: AdminTrack, _ after: AdminTrack) -> (String, String) {
        var old: [String: Any] = [:]
        var new: [String: Any] = [:]
        func compare<T: Equatable & Sendable>(_ name: String, _ a: T?, _ b: T?) {
            guard a != b else { return }
            old[name] = a.map { $0 as Any } ?? NSNull()
            new[name] = b.map { $0 as Any } ?? NSNull()
        }
        compare("title", before.title, after.title)
        compare("genre", before.genre, after.genre)
        compare("explicit", before.explicit, after.explicit)
        compare("lyrics", before.lyrics, after.lyrics)
        compare("price", before.price, after.price)
        compare("withdrawn", before.withdrawn, after.withdrawn)
        return (AuditJSON.encode(old), AuditJSON.encode(new))
    }

    static func decode(_ row: any SQLRow) throws -> AdminTrack {
        let sum = try row.decode(column: "on_sale_price_sum", as: Int.self)
        return AdminTrack(
            id: try row.decode(column: "id", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            artist: try row.decode(column: "artist_name", as: String.self),
            artistID: try row.decode(column: "artist_id", as: String.self),
            album: try row.decode(column: "album_title", as: String.self),
            albumID: try row.decode(column: "album_id", as: String.self),
            genre: try row.decode(column: "genre", as: String?.self),
            explicit: try row.decode(column: "explicit", as: Int.self) != 0,
            lyrics: try row.decode(column: "lyrics", as: String?.self),
            price: try row.decode(column: "price", as: Int.self),
            withdrawn: try row.decode(column: "withdrawn_at", as: Int64?.self) != nil,
            ready: try row.decode(column: "ready", as: Int.self) != 0,
            albumOperatorPrice: try row.decode(column: "album_price", as: Int?.self),
            albumDerivedPrice: AlbumPricing.bundlePrice(trackPriceSum: sum, operatorPrice: nil))
    }
}
