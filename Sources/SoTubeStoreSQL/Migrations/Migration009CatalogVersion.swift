/// One row counting catalog changes: every insert, update or delete on the catalog's tables bumps it
/// (triggers, so every writer — imports, the demo seeder, the synthesiser, later code — is counted
/// without remembering to). A server keeps read-mostly catalog answers in memory and drops them when
/// this number moves, so several processes on one database stay correct (`CatalogCache` in the server).
enum Migration009CatalogVersion {
    static let tables = ["artists", "albums", "tracks", "playlists", "playlist_tracks", "moods"]

    static let migration = Migration(version: 9, name: "catalog version") { dialect in
        var statements = [
            "CREATE TABLE catalog_version (id INTEGER PRIMARY KEY, version \(dialect.bigint) NOT NULL)",
            "INSERT INTO catalog_version (id, version) VALUES (1, 1)",
        ]
        switch dialect {
        case .sqlite:
            for table in tables {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    statements.append(
                        """
                        CREATE TRIGGER \(table)_\(event.lowercased())_catalog_version AFTER \(event) ON \(table)
                        BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END
                        """)
                }
            }
        case .postgres:
            // Deferred constraint triggers: the row is bumped at commit, once per transaction (a
            // transaction-local setting remembers it), so a writer takes the row's lock last and
            // briefly — no deadlock with concurrent imports, and no reader sees the new number
            // before the change itself is committed.
            statements.append(
                """
                CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF current_setting('sotube.catalog_bumped', true) IS DISTINCT FROM 'yes' THEN
                        UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                        PERFORM set_config('sotube.catalog_bumped', 'yes', true);
                    END IF;
                    RETURN NULL;
                END $$
                """)
            for table in tables {
                statements.append(
                    """
                    CREATE CONSTRAINT TRIGGER \(table)_catalog_version AFTER INSERT OR UPDATE OR DELETE ON \(table)
                    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version()
                    """)
            }
        }
        return statements
    }
}
