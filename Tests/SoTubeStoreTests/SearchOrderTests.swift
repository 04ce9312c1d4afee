import Foundation
import SQLKit
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Search documents are numbered shortest name first inside each kind's band (migration 13), so a
/// search ranks songs found through their artist by title length however many there are.
@Suite struct SearchOrderTests {
    /// (band, kind, name) of every document, in doc_id order.
    func documents(_ backend: any SQLBackend) async throws -> [(band: Int64, kind: String, name: String)] {
        try await backend.read { db in
            try await db.raw("SELECT doc_id, kind, name FROM search_documents ORDER BY doc_id").all().map {
                (
                    try $0.decode(column: "doc_id", as: Int64.self) / 1_000_000_000_000,
                    try $0.decode(column: "kind", as: String.self), try $0.decode(column: "name", as: String.self)
                )
            }
        }
    }

    /// Songs first, then albums, artists, playlists; inside a band, names never get longer and then shorter.
    func expectShortestFirst(_ backend: any SQLBackend, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let rows = try await documents(backend)
        #expect(!rows.isEmpty, sourceLocation: sourceLocation)
        let kinds = rows.map(\.kind).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(kinds == ["track", "album", "artist", "playlist"], sourceLocation: sourceLocation)
        for (earlier, later) in zip(rows, rows.dropFirst()) where earlier.band == later.band {
            #expect(
                earlier.name.unicodeScalars.count <= later.name.unicodeScalars.count,
                "\(earlier.name) before \(later.name)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: TestEngine.enabled) func rebuildAndSingleUpdatesNumberShortestNameFirst(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            try await expectShortestFirst(db.backend)
            try await db.backend.transaction { sql in
                try await CatalogFixture.insert(
                    .init(id: "t11", album: "al5", artist: "ar4", title: "Ox", number: 3), on: sql)
            }
            try await SQLSearchIndex(backend: db.backend).index(.track, id: "t11")
            try await expectShortestFirst(db.backend)
            #expect(try await documents(db.backend).first?.name == "ox")
        }
    }

    /// A renamed song keeps its slot when the new title is as long, and gets the same number back:
    /// both full-text indexes (titles alone, and names with context) must forget the old words.
    @Test(arguments: TestEngine.enabled) func aSongRenamedToATitleAsLongIsFoundOnlyByTheNewOne(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            let index = SQLSearchIndex(backend: db.backend)
            let search = SQLSearchStore(backend: db.backend)
            func songs(_ text: String) async throws -> [String] {
                try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0).trackIDs
            }
            try await db.backend.transaction { sql in
                try await CatalogFixture.insert(
                    .init(id: "t11", album: "al5", artist: "ar4", title: "Quokka Dance", number: 3), on: sql)
            }
            try await index.index(.track, id: "t11")
            #expect(try await songs("quokka d") == ["t11"])
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE tracks SET title = 'Wombat Tango' WHERE id = 't11'").run()
            }
            try await index.index(.track, id: "t11")
            #expect(try await songs("quokka").isEmpty)
            #expect(try await songs("quokka d").isEmpty)
            #expect(try await songs("wombat t") == ["t11"])
        }
    }

    /// The fixture, then `long` more songs by Zebra Band with long titles ("q001", …), then one
    /// titled "Yo" ("q999", written last), indexed again.
    func installZebraBand(long: Int, shortIsExplicit: Bool, on backend: any SQLBackend) async throws {
        try await CatalogFixture.install(on: backend)
        try await backend.transaction { sql in
            for number in 1...long {
                try await CatalogFixture.insert(
                    .init(
                        id: String(format: "q%03d", number), album: "al5", artist: "ar4",
                        title: "Long Quiet Interlude Number \(number)", number: number + 10), on: sql)
            }
            try await CatalogFixture.insert(
                .init(id: "q999", album: "al5", artist: "ar4", title: "Yo", number: 900, explicit: shortIsExplicit),
                on: sql)
        }
        try await SQLSearchIndex(backend: backend).rebuild()
    }

    /// 320 songs found only through their artist's name: the shortest title, written last, leads.
    /// (Before, the first 300 hits in the order songs were written were ranked, and it was not among them.)
    @Test func songsFoundThroughTheirArtistComeShortestTitleFirst() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await installZebraBand(long: 319, shortIsExplicit: false, on: db.backend)
            let hits = try await SQLSearchStore(backend: db.backend).search(
                SearchQuery("zebra band"), allowExplicit: true, limit: 5, offset: 0)
            #expect(hits.artistIDs == ["ar4"])
            #expect(hits.trackIDs.first == "q999")
            #expect(hits.trackIDs.count == 5)
        }
    }

    /// A long word is looked up by its first six letters and checked whole as hits come in; the pass
    /// that adds songs found through their album stops once it has enough that pass the check. Forty
    /// songs on "Stripeless" (the cut prefix "stripe" finds them, the whole word does not) have
    /// shorter titles than the six on "Stripesque": those six still come back, shortest first.
    @Test(arguments: TestEngine.enabled) func aCutLongWordStillFindsTheSongsBehindItsLookalikes(
        _ engine: TestEngine
    ) async throws {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            try await db.backend.transaction { sql in
                for (id, title) in [("al6", "Stripeless"), ("al7", "Stripesque")] {
                    try await sql.raw(
                        """
                        INSERT INTO albums (id, artist_id, title, title_key, created_at)
                        VALUES (\(bind: id), 'ar4', \(bind: title), \(bind: title.lowercased()), 6)
                        """
                    ).run()
                }
                for number in 1...40 {
                    try await CatalogFixture.insert(
                        .init(
                            id: String(format: "d%02d", number), album: "al6", artist: "ar4", title: "D\(number)",
                            number: number), on: sql)
                }
                for number in 1...6 {
                    try await CatalogFixture.insert(
                        .init(
                            id: "s\(number)", album: "al7", artist: "ar4",
                            title: "Song " + String(repeating: "x", count: number), number: number), on: sql)
                }
            }
            try await SQLSearchIndex(backend: db.backend).rebuild()
            let hits = try await SQLSearchStore(backend: db.backend).search(
                SearchQuery("zebra stripesque"), allowExplicit: true, limit: 5, offset: 0)
            #expect(hits.trackIDs == ["s1", "s2", "s3", "s4", "s5"])
            #expect(hits.albumIDs == ["al7"])
        }
    }

    /// Explicit songs have a band of their own, after the others: a short explicit title found
    /// through the artist still comes before longer clean ones.
    @Test func anExplicitSongFoundThroughItsArtistRanksByTitleLengthToo() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await installZebraBand(long: 12, shortIsExplicit: true, on: db.backend)
            let search = SQLSearchStore(backend: db.backend)
            let hits = try await search.search(SearchQuery("zebra band"), allowExplicit: true, limit: 5, offset: 0)
            #expect(hits.trackIDs.first == "q999")
            let clean = try await search.search(SearchQuery("zebra band"), allowExplicit: false, limit: 5, offset: 0)
            #expect(!clean.trackIDs.contains("q999"))
            #expect(clean.trackIDs.count == 5)
        }
    }

    /// SQLite: "bjork" (an artist, in the context of her albums and songs) is found in each kind's
    /// full-text index for that kind's documents only.
    func expectEachKindInItsOwnIndex(_ backend: any SQLBackend, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        for (table, kind) in [
            ("search_index", "track"), ("search_albums", "album"), ("search_artists", "artist"),
            ("search_playlists", "playlist"),
        ] {
            let kinds = try await backend.read { db in
                try await db.raw(
                    """
                    SELECT d.kind FROM \(unsafeRaw: table) f JOIN search_documents d ON d.doc_id = f.rowid
                    WHERE \(unsafeRaw: table) MATCH 'bjork OR nordic'
                    """
                ).all().map { try $0.decode(column: "kind", as: String.self) }
            }
            #expect(!kinds.isEmpty, "\(table) is empty", sourceLocation: sourceLocation)
            #expect(Set(kinds) == [kind], "\(table) holds \(Set(kinds))", sourceLocation: sourceLocation)
        }
    }

    /// Each kind has a full-text index of its own (SQLite), filled by a rebuild and kept by single
    /// updates: a renamed album is found by its new title only.
    @Test(arguments: TestEngine.enabled) func aRenamedAlbumIsFoundOnlyByItsNewTitle(_ engine: TestEngine)
        async throws
    {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            if db.backend.dialect == .sqlite { try await expectEachKindInItsOwnIndex(db.backend) }
            let search = SQLSearchStore(backend: db.backend)
            func albums(_ text: String) async throws -> [String] {
                try await search.search(SearchQuery(text), allowExplicit: true, limit: 20, offset: 0).albumIDs
            }
            #expect(try await albums("homog") == ["al1"])
            try await db.backend.transaction { sql in
                try await sql.raw("UPDATE albums SET title = 'Wombat Tango' WHERE id = 'al1'").run()
            }
            try await SQLSearchIndex(backend: db.backend).index(.album, id: "al1")
            #expect(try await albums("homog").isEmpty)
            #expect(try await albums("wombat t") == ["al1"])
            #expect(try await albums("bjork").sorted() == ["al1", "al2"])
            if db.backend.dialect == .sqlite { try await expectEachKindInItsOwnIndex(db.backend) }
        }
    }

    /// What migrations 27 (PostgreSQL's name letters), 25 (its token sets) and 24 (its search tokens) added,
    /// taken away again.
    static func undoMigration24(_ dialect: StoreDialect) -> [String] {
        guard dialect == .postgres else { return [] }
        return ["DROP TABLE search_token_sets"]
            + ["added", "removed", "changed"].map { "DROP TRIGGER search_documents_\($0) ON search_documents" }
            + ["added", "removed", "changed"].map { "DROP FUNCTION search_tokens_\($0)()" }
            + ["DROP FUNCTION search_tokens_of(TEXT, TEXT)", "DROP TABLE search_tokens"]
            + ["DROP FUNCTION search_name_letters(TEXT)"]
    }

    /// What migrations 23 (own playlists), 22 (search words), 21 (catalog sources), 20 (sign-in providers) and 19 (artists
    /// and labels) added, taken away again.
    static let undoMigration19 =
        [
            "DROP TABLE own_playlist_tracks", "DROP TABLE own_playlists",
            "DROP TABLE search_words",
            "DROP TABLE catalog_sources",
            "DROP TABLE user_identities", "DROP TABLE sign_in_grants",
            "DROP TABLE store_settings", "DROP TABLE artist_accounts", "DROP TABLE earning_balances",
            "DROP TABLE earnings", "DROP TABLE payouts", "DROP TABLE invites", "DROP TABLE uploads",
            "DROP TABLE release_drafts", "DROP TABLE follows", "DROP TABLE discount_codes",
            "ALTER TABLE purchases DROP COLUMN discount_code", "ALTER TABLE purchases DROP COLUMN refunded_at",
            "ALTER TABLE mail_queue DROP COLUMN list_unsubscribe",
            "ALTER TABLE users DROP COLUMN label_name", "ALTER TABLE tracks DROP COLUMN name_your_price",
            "ALTER TABLE albums DROP COLUMN name_your_price", "ALTER TABLE albums DROP COLUMN available_at",
        ]

    static let undoMigration18 =
        [
            "DROP TABLE top_up_refunds", "DROP TABLE payment_events", "DROP TABLE payment_disputes",
            "DROP TABLE mail_queue",
            "DROP INDEX top_ups_reference",
        ]
        + ["message", "client_secret", "paid_amount", "paid_currency", "refunded_coins", "refunded_amount"].map {
            "ALTER TABLE top_ups DROP COLUMN \($0)"
        } + ["frozen_at", "language"].map { "ALTER TABLE users DROP COLUMN \($0)" }

    /// What migration 28 (sales pending, PostgreSQL only) added, taken away again, with the sales
    /// triggers it replaced.
    /// What migration 29 (search generation) added, taken away again (before `undoMigration28`).
    static func undoMigration29(_ dialect: StoreDialect) -> [String] {
        dialect == .sqlite ? ["DROP TABLE search_generation"] : []
    }

    static func undoMigration28(_ dialect: StoreDialect) -> [String] {
        guard dialect == .postgres else { return [] }
        let tables = ["ledger_entries", "purchases", "owned_tracks"]
        return tables.map { "DROP TRIGGER \($0)_pending ON \($0)" } + tables.map { "DROP FUNCTION \($0)_pending()" }
            + ["DROP TABLE sales_pending"]
    }

    /// What migration 17 (operators) added, taken away again (after `undoMigration28`).
    static func undoMigration17(_ dialect: StoreDialect) -> [String] {
        var statements: [String]
        switch dialect {
        case .sqlite:
            statements = ["ledger_entries", "purchases", "owned_tracks", "users"].map { "DROP TRIGGER \($0)_sales" }
        case .postgres:
            statements = ["DROP TRIGGER users_sales ON users", "DROP FUNCTION users_sales()"]
        }
        statements += [
            "DROP TABLE audit_log", "DROP TABLE gift_code_batches", "DROP TABLE sales_daily", "DROP TABLE sales_items",
            "DROP TABLE sales_items_monthly", "DROP INDEX gift_codes_batch",
            "ALTER TABLE gift_codes DROP COLUMN batch_id", "ALTER TABLE gift_codes DROP COLUMN expires_at",
            "ALTER TABLE users DROP COLUMN role", "ALTER TABLE users DROP COLUMN locked_at",
            "ALTER TABLE users DROP COLUMN erased_at", "ALTER TABLE sessions DROP COLUMN confirmed_at",
        ]
        if dialect == .postgres { statements.append("DROP FUNCTION audit_log_append_only()") }
        return statements
    }

    /// A database indexed by an older build (bands artist 1 … explicit track 6, ids in the order
    /// documents were written, no names index) is renumbered by migration 13 and answers as before.
    @Test(arguments: TestEngine.enabled) func migrationRenumbersAnOlderIndex(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            try await CatalogFixture.install(on: db.backend)
            // Back to what version 12 left: its numbering, its one full-text index, no row for 13.
            try await db.backend.transaction { sql in
                // Old bands from today's: track 1 → 5, explicit track 2 → 6, album 3 → 2,
                // explicit album 4 → 3, artist 5 → 1, playlist 6 → 4.
                let oldBand =
                    "CASE doc_id / 1000000000000 WHEN 1 THEN 5 WHEN 2 THEN 6 WHEN 3 THEN 2 WHEN 4 THEN 3 WHEN 5 THEN 1 ELSE 4 END"
                try await sql.raw(
                    SQLQueryString(
                        """
                        CREATE TABLE old_numbers AS SELECT (\(oldBand)) * 1000000000000
                            + ROW_NUMBER() OVER (PARTITION BY doc_id / 1000000000000 ORDER BY entity_id) AS doc_id,
                            kind, entity_id, display, name, context FROM search_documents
                        """)
                ).run()
                try await sql.raw("DELETE FROM search_documents").run()
                try await sql.raw(
                    """
                    INSERT INTO search_documents (doc_id, kind, entity_id, display, name, context)
                    SELECT doc_id, kind, entity_id, display, name, context FROM old_numbers
                    """
                ).run()
                try await sql.raw("DROP TABLE old_numbers").run()
                if db.backend.dialect == .sqlite {
                    for table in [
                        "search_names", "search_albums", "search_artists", "search_playlists", "search_explicit_songs",
                        "search_explicit_albums", "search_title_pairs",
                    ] {
                        try await sql.raw("DROP TABLE \(unsafeRaw: table)").run()
                    }
                    try await sql.raw("INSERT INTO search_index(search_index) VALUES('rebuild')").run()
                }
                // The later migrations' own tables and constraints go too, so they run again after 13 and 14.
                try await sql.raw("DROP TABLE sign_ins").run()
                if db.backend.dialect == .sqlite {
                    try await sql.raw("DROP INDEX purchases_user_id").run()
                } else {
                    try await sql.raw("ALTER TABLE owned_tracks DROP CONSTRAINT owned_tracks_purchase_fk").run()
                    try await sql.raw("ALTER TABLE purchases DROP CONSTRAINT purchases_user_id").run()
                }
                for statement in ["DROP INDEX tracks_album_sums"] + Self.undoMigration29(db.backend.dialect)
                    + Self.undoMigration28(db.backend.dialect)
                    + Self.undoMigration24(db.backend.dialect)
                    + Self.undoMigration19 + Self.undoMigration18 + Self.undoMigration17(db.backend.dialect)
                {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
                try await sql.raw("DELETE FROM schema_migrations WHERE version >= 13").run()
            }
            #expect(try await db.schemaVersion() == 12)
            #expect(
                try await db.migrate(now: TestEngine.now, logger: TestEngine.logger) == [
                    "13 search order", "14 search per kind", "15 sign-ins", "16 ownership references purchases",
                    "17 operators", "18 payments and mail", "19 artists and labels", "20 sign-in providers",
                    "21 catalog sources", "22 search words", "23 own playlists", "24 search tokens",
                    "25 search token sets", "26 album name sets", "27 search name letters", "28 sales pending",
                    "29 search generation", "30 album track sums", "31 search letters", "32 explicit search indexes",
                    "33 title pairs",
                ])
            if db.backend.dialect == .sqlite { try await expectEachKindInItsOwnIndex(db.backend) }
            try await expectShortestFirst(db.backend)
            let search = SQLSearchStore(backend: db.backend)
            let bjork = try await search.search(SearchQuery("bjork"), allowExplicit: true, limit: 20, offset: 0)
            #expect(Set(bjork.trackIDs) == ["t1", "t2", "t3", "t4", "t5"])
            #expect(Set(bjork.albumIDs) == ["al1", "al2"])
            #expect(bjork.artistIDs == ["ar1"])
            let black = try await search.search(SearchQuery("black"), allowExplicit: false, limit: 20, offset: 0)
            #expect(black.trackIDs == ["t8"])
            #expect(
                try await search.search(SearchQuery("nordic"), allowExplicit: true, limit: 20, offset: 0)
                    .playlistIDs == ["pl1"])
        }
    }
}
