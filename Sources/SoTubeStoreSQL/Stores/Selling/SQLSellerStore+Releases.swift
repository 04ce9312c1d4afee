import Foundation
import SQLKit
import SoTubeCore

/// A seller's albums: read and changed only through the account's own artists (another account's
/// album is "not found"). Each change writes its audit entry in the same transaction; the catalog
/// version triggers tell every server's caches, and the search index follows publishing.
extension SQLSellerStore {
    public func releases(accountID: String) async throws -> [SellerRelease] {
        try await backend.read { db in
            let albums = try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                JOIN artist_accounts aa ON aa.artist_id = al.artist_id
                WHERE aa.user_id = \(bind: accountID) ORDER BY al.created_at DESC, al.id
                """
            ).all().map(CatalogSQL.album)
            var releases: [SellerRelease] = []
            for album in albums { releases.append(try await Self.release(db, album)) }
            return releases
        }
    }

    /// The album when the account sells its artist; nil otherwise (unknown or someone else's).
    public func release(accountID: String, albumID: String) async throws -> SellerRelease? {
        try await backend.read { db in try await Self.release(db, accountID: accountID, albumID: albumID) }
    }

    static func release(_ db: any SQLDatabase, accountID: String, albumID: String) async throws -> SellerRelease? {
        guard
            let album = try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.albumColumns) FROM \(unsafeRaw: CatalogSQL.albumFrom)
                JOIN artist_accounts aa ON aa.artist_id = al.artist_id
                WHERE aa.user_id = \(bind: accountID) AND al.id = \(bind: albumID)
                """
            ).first().map(CatalogSQL.album)
        else { return nil }
        return try await release(db, album)
    }

    static func release(_ db: any SQLDatabase, _ album: CatalogAlbum) async throws -> SellerRelease {
        let songs = try await db.raw(
            """
            SELECT id, title, track_number, disc_number, duration_ms, price, name_your_price, withdrawn_at
            FROM tracks WHERE album_id = \(bind: album.id) ORDER BY disc_number, track_number, id
            """
        ).all().map { row in
            SellerRelease.Song(
                id: try row.decode(column: "id", as: String.self),
                title: try row.decode(column: "title", as: String.self),
                trackNumber: try row.decode(column: "track_number", as: Int.self),
                discNumber: try row.decode(column: "disc_number", as: Int.self),
                durationMs: try row.decode(column: "duration_ms", as: Int.self),
                price: try row.decode(column: "price", as: Int.self),
                nameYourPrice: try row.decode(column: "name_your_price", as: Int.self) != 0,
                published: try row.decode(column: "withdrawn_at", as: Int64?.self) == nil)
        }
        let sales =
            try await db.raw(
                """
                SELECT COUNT(DISTINCT o.purchase_id) AS n FROM owned_tracks o JOIN tracks t ON t.id = o.track_id
                WHERE t.album_id = \(bind: album.id)
                """
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        return SellerRelease(album: album, songs: songs, sales: sales)
    }

    /// Applies the seller's album form. Unpublishing withdraws every song (owners keep them);
    /// publishing puts them back on sale. Throws notFound for an album the account does not sell.
    public func updateAlbum(
        accountID: String, albumID: String, _ change: ReleaseChange, now: Date, audit: AuditEntry
    ) async throws -> SellerRelease {
        let (before, after) = try await backend.transaction { db -> (SellerRelease, SellerRelease) in
            guard let before = try await Self.release(db, accountID: accountID, albumID: albumID) else {
                throw DomainError.notFound(what: "The album")
            }
            let millis = now.epochMillis
            try await db.raw(
                """
                UPDATE albums SET price = \(bind: change.albumPrice), name_your_price = \(bind: change.nameYourPrice ? 1 : 0),
                    available_at = \(bind: change.availableOn?.startMillis)
                WHERE id = \(bind: albumID)
                """
            ).run()
            if change.published != before.published {
                let withdrawn: Int64? = change.published ? nil : millis
                try await db.raw(
                    """
                    UPDATE tracks SET withdrawn_at = \(bind: withdrawn), updated_at = \(bind: millis)
                    WHERE album_id = \(bind: albumID)
                    """
                ).run()
            }
            guard let after = try await Self.release(db, accountID: accountID, albumID: albumID) else {
                throw DomainError.notFound(what: "The album")
            }
            var entry = audit
            entry.before = Self.describe(before)
            entry.after = Self.describe(after)
            try await SQLAuditLog.insert(entry, into: db)
            return (before, after)
        }
        if before.published != after.published {
            for song in after.songs { try await searchIndex.index(.track, id: song.id) }
        }
        return after
    }

    /// Sets one song's price and name-your-price. Throws notFound for a song the account does not sell.
    public func updateTrack(
        accountID: String, trackID: String, price: Int, nameYourPrice: Bool, now: Date, audit: AuditEntry
    ) async throws -> SellerRelease {
        try await backend.transaction { db in
            guard
                let albumID = try await db.raw(
                    """
                    SELECT t.album_id FROM tracks t JOIN albums al ON al.id = t.album_id
                    JOIN artist_accounts aa ON aa.artist_id = al.artist_id
                    WHERE t.id = \(bind: trackID) AND aa.user_id = \(bind: accountID)
                    """
                ).first()?.decode(column: "album_id", as: String.self)
            else { throw DomainError.notFound(what: "The song") }
            try await db.raw(
                """
                UPDATE tracks SET price = \(bind: price), name_your_price = \(bind: nameYourPrice ? 1 : 0),
                    updated_at = \(bind: now.epochMillis)
                WHERE id = \(bind: trackID)
                """
            ).run()
            var entry = audit
            entry.after = AuditJSON.encode(["song": trackID, "price": price, "nameYourPrice": nameYourPrice])
            try await SQLAuditLog.insert(entry, into: db)
            guard let release = try await Self.release(db, accountID: accountID, albumID: albumID) else {
                throw DomainError.notFound(what: "The album")
            }
            return release
        }
    }

    static func describe(_ release: SellerRelease) -> String {
        AuditJSON.encode([
            "albumPrice": release.album.operatorPrice.map { $0 as Any } ?? "derived",
            "nameYourPrice": release.album.nameYourPrice,
            "availableOn": release.album.availableAt.map { CivilDay(epochMillis: $0.epochMillis).description as Any }
                ?? NSNull(),
            "published": release.published,
        ])
    }
}

extension SQLSellerStore {
    public func albumID(ofTrack trackID: String) async throws -> String? {
        try await backend.read { db in
            try await db.raw("SELECT album_id FROM tracks WHERE id = \(bind: trackID)").first()?
                .decode(column: "album_id", as: String.self)
        }
    }
}
