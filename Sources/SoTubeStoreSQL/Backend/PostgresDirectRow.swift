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
    /// A prepared statement's rows (`PreparedQuery`): PostgreSQL sends them in binary, as it does
    /// every row PostgresNIO asks for, but PostgresNIO labels their cells with the statement's
    /// description, which says text. Such cells are read as binary, and only the common types.
    let fromPreparedQuery: Bool
    /// The statement's column names in order, found once and shared by its rows (`sharing`): a cell is
    /// found by comparing a few short names, where PostgresNIO hashed the name twice for each cell (its
    /// `contains` and its subscript): 9.6 % of the server's CPU under one-word searches at 1M songs.
    let names: [String]

    init(_ row: PostgresRow, fromPreparedQuery: Bool = false, sharing earlier: PostgresDirectRow? = nil) {
        self.row = row
        self.cells = row.makeRandomAccess()
        self.fromPreparedQuery = fromPreparedQuery
        self.names = earlier?.names ?? cells.map(\.columnName)
    }

    var allColumns: [String] { names }

    func contains(column: String) -> Bool { names.contains(column) }

    func decodeNil(column: String) throws -> Bool { try cell(column).bytes == nil }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        let cell = try cell(column)
        // The common types compared by identity, with no `as?` cast: this generic code is not specialised
        // (rows are `any SQLRow`), and a cast to `D` or an optional of it looks up their metadata at run time
        // on each call (docs/performance.md, "2026-12-04 (sixth)", for SQLite's rows). Each value is `D`
        // itself where it is handed back, so the bit casts are of one type to itself.
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return unsafeBitCast(try cell.decode(String.self), to: D.self)
        case ObjectIdentifier(Int.self): return unsafeBitCast(try cell.decode(Int.self), to: D.self)
        case ObjectIdentifier(Int64.self): return unsafeBitCast(try cell.decode(Int64.self), to: D.self)
        case ObjectIdentifier(Double.self): return unsafeBitCast(try cell.decode(Double.self), to: D.self)
        case ObjectIdentifier(Bool.self): return unsafeBitCast(try cell.decode(Bool.self), to: D.self)
        case ObjectIdentifier(String?.self): return unsafeBitCast(try cell.decode(String?.self), to: D.self)
        case ObjectIdentifier(Int?.self): return unsafeBitCast(try cell.decode(Int?.self), to: D.self)
        case ObjectIdentifier(Int64?.self): return unsafeBitCast(try cell.decode(Int64?.self), to: D.self)
        case ObjectIdentifier(Double?.self): return unsafeBitCast(try cell.decode(Double?.self), to: D.self)
        case ObjectIdentifier(Bool?.self): return unsafeBitCast(try cell.decode(Bool?.self), to: D.self)
        default:
            guard !fromPreparedQuery else {
                throw DecodingError.typeMismatch(
                    type, .init(codingPath: [], debugDescription: "A prepared query's \(column) read as \(type)"))
            }
            return try row.sql().decode(column: column, as: type)
        }
    }

    private func cell(_ column: String) throws -> PostgresCell {
        // The last of a name given twice, as PostgresNIO's own look-up finds.
        guard let index = names.lastIndex(of: column) else {
            throw DecodingError.keyNotFound(
                SomeColumn(stringValue: column),
                .init(codingPath: [], debugDescription: "No column \(column) in the row"))
        }
        let cell = cells[index]
        guard fromPreparedQuery else { return cell }
        return PostgresCell(
            bytes: cell.bytes, dataType: cell.dataType, format: .binary, columnName: cell.columnName,
            columnIndex: cell.columnIndex)
    }

    private struct SomeColumn: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
