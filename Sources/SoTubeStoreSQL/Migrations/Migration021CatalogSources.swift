/// Catalog sources (issue 33): other servers whose library the store sells from. `sealed_secret` is the
/// upstream password or key under the server secret (AES-GCM, base64); `sync_holder` and
/// `sync_lease_until` let one process at a time sync a source; `last_sync` is the last sync's summary
/// (JSON). The songs themselves are ordinary tracks keyed `source:NAME/ID`.
enum Migration021CatalogSources {
    static let migration = Migration(version: 21, name: "catalog sources") { _ in
        [
            """
            CREATE TABLE catalog_sources (
                name TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                url TEXT NOT NULL,
                username TEXT NOT NULL,
                auth TEXT NOT NULL,
                sealed_secret TEXT NOT NULL,
                price BIGINT NOT NULL,
                parallel BIGINT NOT NULL,
                every_seconds BIGINT,
                created_at BIGINT NOT NULL,
                sync_holder TEXT,
                sync_lease_until BIGINT,
                last_sync TEXT)
            """
        ]
    }
}
