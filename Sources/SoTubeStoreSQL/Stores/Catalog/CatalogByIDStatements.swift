import PostgresKit
import PostgresNIO
import SoTubeCore

/// PostgreSQL: catalog rows by id (search results, favourites, recently played) as prepared
/// statements, one per kind, the ids bound as one array: parsed and planned once per connection.
/// Written `IN ($1, …, $n)`, each count of ids was a statement of its own, planned on every call: at a
/// million songs a search's album rows took 0.51 ms to plan and 0.60 ms to run, its songs' 0.26 and
/// 0.39 ms (pg_stat_statements, issue 35); prepared, PostgreSQL's planning over the 1M search benchmark
/// fell by 17–19 %. The planner still plans a call anew when its cost model says so (playlists: every
/// call). The rows are decoded as on SQLite (`CatalogSQL`).
protocol CatalogByIDStatement: PostgresPreparedStatement where Row == PostgresRow {
    var ids: [String] { get }
}

extension CatalogByIDStatement {
    static var bindingDataTypes: [PostgresDataType] { [.textArray] }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(ids)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

struct TracksByIDStatement: CatalogByIDStatement {
    static let name = "sotube_tracks_by_id_v1"
    static let sql = """
        SELECT \(CatalogSQL.trackColumns) FROM \(CatalogSQL.trackFrom) WHERE t.id = ANY($1::text[])
        """
    var ids: [String]
}

struct AlbumsByIDStatement: CatalogByIDStatement {
    static let name = "sotube_albums_by_id_v1"
    static let sql = """
        SELECT \(CatalogSQL.albumColumns) FROM \(CatalogSQL.albumFrom) WHERE al.id = ANY($1::text[])
        """
    var ids: [String]
}

struct ArtistsByIDStatement: CatalogByIDStatement {
    static let name = "sotube_artists_by_id_v1"
    static let sql = "SELECT id, name, bio FROM artists WHERE id = ANY($1::text[])"
    var ids: [String]
}

struct PlaylistsByIDStatement: CatalogByIDStatement {
    static let name = "sotube_playlists_by_id_v1"
    static let sql = "SELECT \(CatalogSQL.playlistColumns) FROM playlists p WHERE p.id = ANY($1::text[])"
    var ids: [String]
}

extension PostgresBackend {
    /// The rows of `statement`, each decoded by `decode` (`CatalogSQL`).
    func rows<S: CatalogByIDStatement, T: Sendable>(
        _ statement: S, decode: @escaping @Sendable (any SQLRow) throws -> T
    ) async throws -> [T] {
        try await withConnection { connection, logger in
            var decoded: [T] = []
            for try await row in try await connection.execute(statement, logger: logger) {
                decoded.append(try decode(PostgresDirectRow(row)))
            }
            return decoded
        }
    }
}
