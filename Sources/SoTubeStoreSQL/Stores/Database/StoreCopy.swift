import Foundation
import SQLKit

/// `sotube migrate-to`: every row of a SQLite store copied into an empty PostgreSQL store migrated to
/// the same schema version, in one PostgreSQL transaction (all or nothing). Tables go in the order
/// SQLite created them (parents before the rows that refer to them); the search documents are not
/// copied but rebuilt from the catalog afterwards (their ids are the engine's own).
public enum StoreCopy {
    public struct TableCount: Sendable, Equatable {
        public let table: String
        public let rows: Int
    }

    public enum CopyError: Error, CustomStringConvertible {
        case notSQLite, notPostgres
        case schemaMismatch(source: Int, target: Int)
        case targetNotEmpty(table: String, rows: Int)
        case countMismatch(table: String, source: Int, target: Int)

        public var description: String {
            switch self {
            case .notSQLite: return "the store to copy from must be the SQLite one (--data)"
            case .notPostgres: return "the store to copy into must be a postgres:// URL"
            case .schemaMismatch(let source, let target):
                return "schema versions differ: SQLite \(source), PostgreSQL \(target)"
            case .targetNotEmpty(let table, let rows):
                return "the PostgreSQL database is not empty (\(table) has \(rows) rows): copy only into a new database"
            case .countMismatch(let table, let source, let target):
                return "\(table): \(source) rows in SQLite, \(target) in PostgreSQL after the copy"
            }
        }
    }

    /// Tables whose rows are made by the migrations themselves (replaced by the source's).
    static let seededByMigrations: Set<String> = ["coin_packs", "catalog_version"]
    static let skipped: Set<String> = Set(["schema_migrations", "search_documents"])
        .union(Migration017Operators.aggregateTables)

    /// Copies `source` into `target` and returns the rows copied per table.
    public static func copy(from source: SoTubeDatabase, to target: SoTubeDatabase, batch: Int = 200)
        async throws -> [TableCount]
    {
        guard source.backend.dialect == .sqlite else { throw CopyError.notSQLite }
        guard target.backend.dialect == .postgres else { throw CopyError.notPostgres }
        let (from, to) = (try await source.schemaVersion(), try await target.schemaVersion())
        guard from == to else { throw CopyError.schemaMismatch(source: from, target: to) }
        let targetTables = try await postgresColumns(target.backend)
        let tables = try await source.backend.read { db in
            try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").all()
                .map { try $0.decode(column: "name", as: String.self) }
        }.filter { targetTables[$0] != nil && !skipped.contains($0) }
        for table in tables where !seededByMigrations.contains(table) {
            let rows = try await count(table, target.backend)
            guard rows == 0 else { throw CopyError.targetNotEmpty(table: table, rows: rows) }
        }
        let copied = try await target.backend.transaction { db -> [TableCount] in
            var copied: [TableCount] = []
            for table in tables {
                let columns = targetTables[table] ?? []
                let list = columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
                let rows = try await source.backend.read { source in
                    try await source.raw("SELECT \(unsafeRaw: list) FROM \(ident: table)").all()
                }
                let values = try rows.map { row in try columns.map { try $0.value(in: row) } }
                if seededByMigrations.contains(table) { try await db.raw("DELETE FROM \(ident: table)").run() }
                var start = 0
                while start < values.count {
                    let slice = values[start..<min(start + batch, values.count)]
                    let insert = db.insert(into: table).columns(columns.map(\.name))
                    for row in slice { insert.values(row) }
                    try await insert.run()
                    start += batch
                }
                copied.append(TableCount(table: table, rows: values.count))
            }
            // The sales rows the copied ledger and purchases left (migration 28), added to the
            // dashboard's sums in the copy's transaction: a large store's are more than a server's
            // fold is given time for.
            try await db.raw("SET LOCAL statement_timeout = 0").run()
            try await SalesPending.fold(db)
            return copied
        }
        for table in copied {
            let rows = try await count(table.table, target.backend)
            guard rows == table.rows else {
                throw CopyError.countMismatch(table: table.table, source: table.rows, target: rows)
            }
        }
        return copied
    }

    struct Column: Sendable {
        let name: String
        let type: String

        /// The row's value for this column, typed as PostgreSQL stores it.
        func value(in row: any SQLRow) throws -> any Encodable & Sendable {
            switch type {
            case "bigint", "integer", "smallint": return try row.decode(column: name, as: Int64?.self)
            case "double precision", "real", "numeric": return try row.decode(column: name, as: Double?.self)
            case "boolean": return try row.decode(column: name, as: Int64?.self).map { $0 != 0 }
            case "bytea": return try row.decode(column: name, as: Data?.self)
            default: return try row.decode(column: name, as: String?.self)
            }
        }
    }

    static func postgresColumns(_ backend: any SQLBackend) async throws -> [String: [Column]] {
        let rows = try await backend.read { db in
            try await db.raw(
                """
                SELECT table_name, column_name, data_type FROM information_schema.columns
                WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
                """
            ).all()
        }
        var tables: [String: [Column]] = [:]
        for row in rows {
            let table = try row.decode(column: "table_name", as: String.self)
            tables[table, default: []].append(
                Column(
                    name: try row.decode(column: "column_name", as: String.self),
                    type: try row.decode(column: "data_type", as: String.self)))
        }
        return tables
    }

    static func count(_ table: String, _ backend: any SQLBackend) async throws -> Int {
        try await backend.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?.decode(column: "n", as: Int.self)
                ?? 0
        }
    }
}
