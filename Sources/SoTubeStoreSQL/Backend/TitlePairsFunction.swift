import SoTubeCore
import VaporCSQLite

/// `sotube_title_pairs(name)`: the word-pair tokens of a normalised song title
/// (`SearchTitlePairs.tokens`), which `search_title_pairs` indexes (migration 33). SQL writes the index
/// from `search_documents` with it: the migration, a rebuild, and each song added or taken out.
///
/// A C function given to every SQLite connection the process opens (SQLite's automatic extensions),
/// as `WordStartFunction` is: SQLiteNIO does not expose a connection's handle.
enum TitlePairsFunction {
    /// The function is given to every connection opened from now on; once per process.
    static let installed: Bool = {
        let entry:
            @convention(c) (
                OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeRawPointer?
            ) -> Int32 = { db, _, _ in
                sqlite_nio_sqlite3_create_function_v2(
                    db, "sotube_title_pairs", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil, call,
                    nil, nil, nil)
            }
        return sqlite_nio_sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
            == SQLITE_OK
    }()

    /// Thrown when SQLite refused the function: the song index could not be written.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "SQLite refused the function sotube_title_pairs" }
    }

    private static let call: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, count, values in
        guard count == 1, let values else {
            sqlite_nio_sqlite3_result_error(context, "sotube_title_pairs: one argument expected", -1)
            return
        }
        guard sqlite_nio_sqlite3_value_type(values[0]) == SQLITE_TEXT,
            let text = sqlite_nio_sqlite3_value_text(values[0])
        else {
            sqlite_nio_sqlite3_result_text(context, "", 0, transient)
            return
        }
        let length = Int(sqlite_nio_sqlite3_value_bytes(values[0]))
        var tokens: [UInt8] = []
        tokens.reserveCapacity(min(4 * length, 1 << 16))
        SearchTitlePairs.tokens(ofNormalizedUTF8: UnsafeBufferPointer(start: text, count: length), into: &tokens)
        guard !tokens.isEmpty else {
            sqlite_nio_sqlite3_result_text(context, "", 0, transient)
            return
        }
        tokens.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite_nio_sqlite3_result_text(context, chars.baseAddress, Int32(clamping: chars.count), transient)
            }
        }
    }

    /// SQLite's SQLITE_TRANSIENT: it copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
