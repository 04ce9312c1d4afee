import PostgresKit
import PostgresNIO
import SQLKit

/// A PostgreSQL row whose common columns (text, integers, doubles, booleans, and those optional) are
/// decoded by PostgresNIO directly; any other type goes through PostgresKit's `SQLRow` as before.
/// PostgresKit's generic decode builds a coding path and a user-info dictionary and tests a cell for
/// Fluent's enum and decimal workarounds on every call: 13 % of the server's CPU under the 1M search
/// benchmark, where a search decodes a few hundred cells (issue 35).
struct PostgresDirectRow: SQLRow {
    let row: PostgresRow
    let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row
        self.cells = row.makeRandomAccess()
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { cells.contains(column) }

    func decodeNil(column: String) throws -> Bool { try cell(column).bytes == nil }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        if let value = try Self.direct(try cell(column), as: type) { return value }
        return try row.sql().decode(column: column, as: type)
    }

    private func cell(_ column: String) throws -> PostgresCell {
        guard cells.contains(column) else {
            throw DecodingError.keyNotFound(
                SomeColumn(stringValue: column),
                .init(codingPath: [], debugDescription: "No column \(column) in the row"))
        }
        return cells[column]
    }

    /// `cell` as `D` when `D` is one of the common types; nil for any other.
    static func direct<D>(_ cell: PostgresCell, as type: D.Type) throws -> D? {
        switch type {
        case is String.Type: return try cell.decode(String.self) as? D
        case is Int.Type: return try cell.decode(Int.self) as? D
        case is Int64.Type: return try cell.decode(Int64.self) as? D
        case is Double.Type: return try cell.decode(Double.self) as? D
        case is Bool.Type: return try cell.decode(Bool.self) as? D
        case is String?.Type: return try cell.decode(String?.self) as? D
        case is Int?.Type: return try cell.decode(Int?.self) as? D
        case is Int64?.Type: return try cell.decode(Int64?.self) as? D
        case is Double?.Type: return try cell.decode(Double?.self) as? D
        case is Bool?.Type: return try cell.decode(Bool?.self) as? D
        default: return nil
        }
    }

    private struct SomeColumn: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension PostgresBackend {
    /// The rows of `query`, read on a pooled connection as `PostgresDirectRow`s. Binds of other types
    /// than text, integers, doubles and booleans send the query through PostgresKit instead.
    public func rows(of query: SQLQueryString) async throws -> [any SQLRow] {
        try await withConnection { connection, logger in
            let database = connection.sql(queryLogLevel: nil, logger: logger)
            var serializer = SQLSerializer(database: database)
            query.serialize(to: &serializer)
            var bindings = PostgresBindings(capacity: serializer.binds.count)
            for bind in serializer.binds {
                switch bind {
                case let value as String: bindings.append(value)
                case let value as Int: bindings.append(value)
                case let value as Int64: bindings.append(value)
                case let value as Double: bindings.append(value)
                case let value as Bool: bindings.append(value)
                default: return try await database.raw(query).all()
                }
            }
            var rows: [any SQLRow] = []
            let sequence = try await connection.query(
                PostgresQuery(unsafeSQL: serializer.sql, binds: bindings), logger: logger)
            for try await row in sequence { rows.append(PostgresDirectRow(row)) }
            return rows
        }
    }
}
