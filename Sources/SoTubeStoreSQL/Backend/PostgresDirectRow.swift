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

    init(_ row: PostgresRow, fromPreparedQuery: Bool = false) {
        self.row = row
        self.cells = row.makeRandomAccess()
        self.fromPreparedQuery = fromPreparedQuery
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { cells.contains(column) }

    func decodeNil(column: String) throws -> Bool { try cell(column).bytes == nil }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        if let value = try Self.direct(try cell(column), as: type) { return value }
        guard !fromPreparedQuery else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: [], debugDescription: "A prepared query's \(column) read as \(type)"))
        }
        return try row.sql().decode(column: column, as: type)
    }

    private func cell(_ column: String) throws -> PostgresCell {
        guard cells.contains(column) else {
            throw DecodingError.keyNotFound(
                SomeColumn(stringValue: column),
                .init(codingPath: [], debugDescription: "No column \(column) in the row"))
        }
        let cell = cells[column]
        guard fromPreparedQuery else { return cell }
        return PostgresCell(
            bytes: cell.bytes, dataType: cell.dataType, format: .binary, columnName: cell.columnName,
            columnIndex: cell.columnIndex)
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
