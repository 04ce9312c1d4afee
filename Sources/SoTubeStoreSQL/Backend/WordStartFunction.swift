import NIOConcurrencyHelpers
import VaporCSQLite

/// `sotube_word_start(doc_id, bitmap, generation, bitmaps)`: 1 when a word of the song starts with the
/// bitmap's prefix, else 0; an error (`WordStartBitmaps.Stale`) when the bitmaps fell behind `generation`
/// since the query began. `bitmaps` is the number `register` gave one `SQLiteBackend`'s
/// `WordStartBitmaps`.
///
/// A C function, given to every SQLite connection the process opens (SQLite's automatic extensions):
/// SQLiteNIO does not expose a connection's handle, and through its `SQLiteCustomFunction` a call cost
/// about a microsecond (an array and an enum per argument, an existential result; `perf` on `m never`
/// at 10M songs: a fifth of the server's time), more than FTS5 takes to step a long list.
enum WordStartFunction {
    private static let registry = NIOLockedValueBox(Registry())

    private struct Registry {
        var next = 1
        var bitmaps: [Int: WordStartBitmaps] = [:]
    }

    /// The function is given to every connection opened from now on; once per process.
    private static let installed: Bool = {
        let entry:
            @convention(c) (
                OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeRawPointer?
            ) -> Int32 = { db, _, _ in
                sqlite_nio_sqlite3_create_function_v2(
                    db, "sotube_word_start", 4, SQLITE_UTF8 | SQLITE_DIRECTONLY, nil, call, nil, nil, nil)
            }
        return sqlite_nio_sqlite3_auto_extension(unsafeBitCast(entry, to: (@convention(c) () -> Void).self))
            == SQLITE_OK
    }()

    /// `bitmaps`' number for the function's fourth argument, until `unregister`; nil when SQLite
    /// refused the function (the searches then walk the index).
    static func register(_ bitmaps: WordStartBitmaps) -> Int? {
        guard installed else { return nil }
        return registry.withLockedValue { registry in
            defer { registry.next += 1 }
            registry.bitmaps[registry.next] = bitmaps
            return registry.next
        }
    }

    static func unregister(_ number: Int) {
        _ = registry.withLockedValue { $0.bitmaps.removeValue(forKey: number) }
    }

    private static let call: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, count, values in
        guard count == 4, let values, let docID = integer(values[0]), let bitmap = integer(values[1]),
            let generation = integer(values[2]), let number = integer(values[3])
        else {
            sqlite_nio_sqlite3_result_error(context, "sotube_word_start: four integers expected", -1)
            return
        }
        let bitmaps = registry.withLockedValue { $0.bitmaps[Int(number)] }
        guard let bitmaps,
            let found = try? bitmaps.contains(docID: docID, bitmap: Int(bitmap), generation: generation)
        else {
            sqlite_nio_sqlite3_result_error(context, WordStartBitmaps.Stale.message, -1)
            return
        }
        sqlite_nio_sqlite3_result_int(context, found ? 1 : 0)
    }

    private static func integer(_ value: OpaquePointer?) -> Int64? {
        sqlite_nio_sqlite3_value_type(value) == SQLITE_INTEGER ? sqlite_nio_sqlite3_value_int64(value) : nil
    }
}
