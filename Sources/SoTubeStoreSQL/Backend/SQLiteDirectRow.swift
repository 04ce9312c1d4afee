import SQLKit
import SQLiteKit
import SQLiteNIO

/// An SQLite row whose common columns (text, integers, doubles, booleans, and those optional) are converted
/// by SQLiteNIO directly; any other type goes through SQLiteKit's decoder as before. SQLiteKit's decoder asks
/// at each call whether the type converts itself (a protocol conformance looked up at run time) and unwraps
/// an optional through a decoder object: 4–7 % of the server's CPU in one-word searches at 10M songs, where
/// a search decodes a few hundred cells on the event loop (issue 35). The same conversions either way
/// (`SQLiteDataConvertible`'s).
struct SQLiteDirectRow: SQLRow {
    /// SQLiteNIO's row, or one read by a `SQLiteCachingConnection`.
    enum Source: Sendable {
        case nio(SQLiteRow)
        case cached(SQLiteCells)
    }

    let source: Source
    /// Any other type's decoder, SQLiteKit's (its JSON decoder for what SQLite does not convert).
    static let decoder = SQLiteDataDecoder()

    init(row: SQLiteRow) { source = .nio(row) }
    init(cells: SQLiteCells) { source = .cached(cells) }

    var allColumns: [String] {
        switch source {
        case .nio(let row): return row.columns.map(\.name)
        case .cached(let cells): return cells.columns.names
        }
    }

    private func data(_ column: String) -> SQLiteData? {
        switch source {
        case .nio(let row): return row.column(column)
        case .cached(let cells): return cells.column(column)
        }
    }

    func contains(column: String) -> Bool { data(column) != nil }

    func decodeNil(column: String) throws -> Bool { (data(column) ?? .null) == .null }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let data = data(column) else {
            throw DecodingError.keyNotFound(
                SomeColumn(stringValue: column),
                .init(codingPath: [], debugDescription: "No column \(column) in the row"))
        }
        let wanted = ObjectIdentifier(type)
        // Compared by identity, with no `as?` cast: this generic code is not specialised (rows are
        // `any SQLRow`), and a cast to `D` or an optional of it looked up their type at run time on each
        // call. Each value is `D` itself where it is handed back, so the bit casts are of one type to itself.
        switch wanted {
        case ObjectIdentifier(String.self): return unsafeBitCast(try Self.convert(data, String.self), to: D.self)
        case ObjectIdentifier(Int.self): return unsafeBitCast(try Self.convert(data, Int.self), to: D.self)
        case ObjectIdentifier(Int64.self): return unsafeBitCast(try Self.convert(data, Int64.self), to: D.self)
        case ObjectIdentifier(Double.self): return unsafeBitCast(try Self.convert(data, Double.self), to: D.self)
        case ObjectIdentifier(Bool.self): return unsafeBitCast(try Self.convert(data, Bool.self), to: D.self)
        case ObjectIdentifier(String?.self):
            return unsafeBitCast(try Self.convertOptional(data, String.self), to: D.self)
        case ObjectIdentifier(Int?.self): return unsafeBitCast(try Self.convertOptional(data, Int.self), to: D.self)
        case ObjectIdentifier(Int64?.self):
            return unsafeBitCast(try Self.convertOptional(data, Int64.self), to: D.self)
        case ObjectIdentifier(Double?.self):
            return unsafeBitCast(try Self.convertOptional(data, Double.self), to: D.self)
        case ObjectIdentifier(Bool?.self): return unsafeBitCast(try Self.convertOptional(data, Bool.self), to: D.self)
        default: return try Self.decoder.decode(D.self, from: data)
        }
    }

    private static func convert<T: SQLiteDataConvertible>(_ data: SQLiteData, _ type: T.Type) throws -> T {
        guard let value = T(sqliteData: data) else {
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: [], debugDescription: "Could not convert SQLite data to \(T.self): \(data)."))
        }
        return value
    }

    private static func convertOptional<T: SQLiteDataConvertible>(_ data: SQLiteData, _ type: T.Type) throws -> T? {
        data == .null ? nil : try convert(data, type)
    }

    private struct SomeColumn: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
