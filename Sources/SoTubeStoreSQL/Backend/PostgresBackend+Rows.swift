import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO
import SQLKit

extension PostgresBackend {
    /// The rows of `query`, read on a pooled connection as `PostgresDirectRow`s. With `planOnce` the
    /// statement goes to the pool whose connections plan generically, for any binds, and a shape used
    /// often is prepared there (`PreparedQueries`): neither parsed nor planned again. Without it, the
    /// statement goes unnamed to the main pool, planned for its binds. Binds of other types than text,
    /// integers, doubles and booleans send it through PostgresKit (on the pool `planOnce` chose).
    public func rows(of query: SQLQueryString, planOnce: Bool) async throws -> [any SQLRow] {
        try await withConnection(plannedOnce: planOnce) { connection, logger in
            let database = connection.sql(queryLogLevel: nil, logger: logger)
            var serializer = SQLSerializer(database: database)
            query.serialize(to: &serializer)
            guard let binds = PreparedQueries.Binds(serializer.binds) else {
                return try await database.raw(query).all()
            }
            let sql = serializer.sql
            let prepared =
                planOnce
                ? try await self.prepared.query(sql, types: binds.types, on: connection) : nil
            guard let prepared else {
                // Planned for its binds (`planOnce` false), or a shape not seen often enough yet.
                var rows: [PostgresDirectRow] = []
                let sequence = try await connection.query(
                    PostgresQuery(unsafeSQL: sql, binds: binds.bindings), logger: logger)
                for try await row in sequence { rows.append(PostgresDirectRow(row, sharing: rows.last)) }
                return rows
            }
            var rows: [PostgresDirectRow] = []
            for row in try await prepared.execute(binds.data).get() {
                rows.append(PostgresDirectRow(row, fromPreparedQuery: true, sharing: rows.last))
            }
            return rows
        }
    }
}

/// Statements prepared on each connection of the pool for statements planned once, by their SQL. A
/// search's statements were parsed and planned on every call: 0.2–0.9 ms of planning a statement at a
/// million songs, more than running some of them. The benchmark's 3,000 searches send 269 shapes of
/// statement, the 32 most used 85 % of the statements: a shape is prepared on a connection once the
/// server has seen it `admittedAfter` times (before, it goes unnamed), and a connection keeps the
/// `perConnection` statements it used last (the least recently used one is deallocated to make
/// room). PostgreSQL holds each one's generic plan in the connection's memory: about 0.4 MB for a
/// search's (`pg_log_backend_memory_contexts`). A closed connection's statements are forgotten.
package final class PreparedQueries: Sendable {
    package static let perConnection = 32
    package static let admittedAfter = 3
    /// How many shapes are counted before the counts start again.
    static let counted = 4096
    private struct Prepared {
        var query: PreparedQuery
        var lastUse: UInt64
    }
    private struct Statements {
        var bySQL: [String: Prepared] = [:]
        var uses: UInt64 = 0
    }
    private struct State {
        var connections: [PostgresConnection.ID: Statements] = [:]
        /// How many times each shape (by its SQL's hash) was asked for.
        var seen: [Int: Int] = [:]
    }
    private let state = NIOLockedValueBox(State())

    /// `sql` with binds of `types` prepared on `connection` (`typed`): remembered, or prepared now
    /// when the shape has been asked for `admittedAfter` times (after deallocating the statement used
    /// least recently when the connection holds `perConnection`); nil before. A connection is leased
    /// to one task at a time, so no other task prepares or deallocates on it meanwhile.
    func query(_ statement: String, types: [String], on connection: PostgresConnection) async throws
        -> PreparedQuery?
    {
        let id = connection.id
        let sql = types.joined(separator: ",") + "|" + statement
        let (known, isNew, admitted, evicted) = state.withLockedValue {
            state -> (PreparedQuery?, Bool, Bool, PreparedQuery?) in
            let isNew = state.connections[id] == nil
            var mine = state.connections[id] ?? Statements()
            mine.uses += 1
            defer { state.connections[id] = mine }
            if let prepared = mine.bySQL[sql] {
                mine.bySQL[sql]?.lastUse = mine.uses
                return (prepared.query, isNew, false, nil)
            }
            if state.seen.count >= Self.counted { state.seen.removeAll(keepingCapacity: true) }
            let seen = (state.seen[sql.hashValue] ?? 0) + 1
            state.seen[sql.hashValue] = seen
            guard seen >= Self.admittedAfter else { return (nil, isNew, false, nil) }
            var evicted: PreparedQuery?
            if mine.bySQL.count >= Self.perConnection,
                let oldest = mine.bySQL.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                evicted = oldest.value.query
                mine.bySQL[oldest.key] = nil
            }
            return (nil, isNew, true, evicted)
        }
        if isNew {
            connection.closeFuture.whenComplete { [state] _ in
                state.withLockedValue { _ = $0.connections.removeValue(forKey: id) }
            }
        }
        if let known { return known }
        guard admitted else { return nil }
        if let evicted { try await evicted.deallocate().get() }
        let prepared = try await connection.prepare(query: Self.typed(statement, types: types)).get()
        state.withLockedValue { state in
            let uses = state.connections[id]?.uses ?? 0
            state.connections[id, default: Statements()].bySQL[sql] = Prepared(query: prepared, lastUse: uses)
        }
        return prepared
    }

    /// How many statements each connection holds prepared (for tests).
    package var counts: [Int] { state.withLockedValue { $0.connections.values.map(\.bySQL.count) } }

    /// A statement's binds, when each is one of the types a prepared statement is given here; each is
    /// encoded for the one way it is sent.
    struct Binds {
        private enum Value {
            case text(String)
            case int(Int)
            case int64(Int64)
            case double(Double)
            case bool(Bool)
        }
        private var values: [Value] = []

        init?(_ binds: [any Encodable & Sendable]) {
            for bind in binds {
                switch bind {
                case let value as String: values.append(.text(value))
                case let value as Int: values.append(.int(value))
                case let value as Int64: values.append(.int64(value))
                case let value as Double: values.append(.double(value))
                case let value as Bool: values.append(.bool(value))
                default: return nil
                }
            }
        }

        /// PostgreSQL's name of each bind's type, in order.
        var types: [String] {
            values.map {
                switch $0 {
                case .text: "text"
                case .int, .int64: "int8"
                case .double: "float8"
                case .bool: "bool"
                }
            }
        }

        /// The values for a prepared statement (PostgresNIO sends these in binary).
        var data: [PostgresData] {
            values.map {
                switch $0 {
                case .text(let value): PostgresData(string: value)
                case .int(let value): PostgresData(int: value)
                case .int64(let value): PostgresData(int64: value)
                case .double(let value): PostgresData(double: value)
                case .bool(let value): PostgresData(bool: value)
                }
            }
        }

        /// The same values for an unnamed statement.
        var bindings: PostgresBindings {
            var bindings = PostgresBindings(capacity: values.count)
            for value in values {
                switch value {
                case .text(let value): bindings.append(value)
                case .int(let value): bindings.append(value)
                case .int64(let value): bindings.append(value)
                case .double(let value): bindings.append(value)
                case .bool(let value): bindings.append(value)
                }
            }
            return bindings
        }
    }

    /// `sql` with each parameter `$n` cast to the type of bind n (`$n::int8`): a statement is prepared
    /// without parameter types, and PostgreSQL would otherwise take each from where it stands (an
    /// `int4` where the query casts it so), which a bind's binary value would then not fit. The
    /// store's statements hold no `$` in literals or names.
    package static func typed(_ sql: String, types: [String]) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + types.count * 8)
        var chars = sql.unicodeScalars[...]
        while let dollar = chars.firstIndex(of: "$") {
            out.unicodeScalars.append(contentsOf: chars[...dollar])
            chars = chars[chars.index(after: dollar)...]
            let digits = chars.prefix { ("0"..."9").contains($0) }
            chars = chars[digits.endIndex...]
            out.unicodeScalars.append(contentsOf: digits)
            if let n = Int(String(String.UnicodeScalarView(digits))), n >= 1, n <= types.count {
                out += "::" + types[n - 1]
            }
        }
        out.unicodeScalars.append(contentsOf: chars)
        return out
    }
}
