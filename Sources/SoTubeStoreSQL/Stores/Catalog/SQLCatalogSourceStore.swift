import Foundation
import SQLKit
import SoTubeCore

/// Catalog sources in `catalog_sources`. Claiming a source's sync is one conditional `UPDATE …
/// RETURNING`, so two processes (or two servers on one PostgreSQL) never sync one source at once.
public struct SQLCatalogSourceStore: CatalogSourceStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    static let columns =
        "name, kind, url, username, auth, sealed_secret, price, parallel, every_seconds, created_at, last_sync"

    public func add(_ source: CatalogSourceRecord) async throws {
        try await backend.transaction { db in
            let inserted = try await db.raw(
                """
                INSERT INTO catalog_sources (\(unsafeRaw: Self.columns))
                VALUES (\(bind: source.name), \(bind: source.kind), \(bind: source.url), \(bind: source.username),
                    \(bind: source.auth.rawValue), \(bind: Data(source.sealedSecret).base64EncodedString()),
                    \(bind: source.price), \(bind: source.parallel), \(bind: source.everySeconds),
                    \(bind: source.createdAt.epochMillis), NULL)
                ON CONFLICT (name) DO NOTHING RETURNING name
                """
            ).all()
            guard !inserted.isEmpty else {
                throw DomainError.conflict(field: "name", reason: "A source named \(source.name) exists already.")
            }
        }
    }

    public func source(named name: String) async throws -> CatalogSourceRecord? {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM catalog_sources WHERE name = \(bind: name)")
                .first().map(Self.record)
        }
    }

    public func sources() async throws -> [CatalogSourceRecord] {
        try await backend.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM catalog_sources ORDER BY name").all().map(
                Self.record)
        }
    }

    public func remove(named name: String) async throws -> Bool {
        try await backend.transaction { db in
            try await !db.raw("DELETE FROM catalog_sources WHERE name = \(bind: name) RETURNING name").all().isEmpty
        }
    }

    public func claim(name: String, holder: String, until: Date, now: Date, takingOver: String?) async throws -> Bool {
        try await backend.transaction { db in
            try await !db.raw(
                """
                UPDATE catalog_sources SET sync_holder = \(bind: holder), sync_lease_until = \(bind: until.epochMillis)
                WHERE name = \(bind: name) AND (sync_holder IS NULL OR sync_holder = \(bind: holder)
                    OR sync_holder = \(bind: takingOver ?? holder) OR sync_lease_until < \(bind: now.epochMillis))
                RETURNING name
                """
            ).all().isEmpty
        }
    }

    public func holder(name: String) async throws -> (holder: String, until: Date)? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    "SELECT sync_holder, sync_lease_until FROM catalog_sources WHERE name = \(bind: name)"
                ).first(),
                let holder = try row.decode(column: "sync_holder", as: String?.self),
                let until = try row.decode(column: "sync_lease_until", as: Int64?.self)
            else { return nil }
            return (holder, Date(epochMillis: until))
        }
    }

    public func release(name: String, holder: String) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE catalog_sources SET sync_holder = NULL, sync_lease_until = NULL
                WHERE name = \(bind: name) AND sync_holder = \(bind: holder)
                """
            ).run()
        }
    }

    public func recordSync(name: String, summary: SourceSyncSummary) async throws {
        let json = String(decoding: try Self.encoder.encode(summary), as: UTF8.self)
        try await backend.transaction { db in
            try await db.raw("UPDATE catalog_sources SET last_sync = \(bind: json) WHERE name = \(bind: name)").run()
        }
    }

    public func knownSongs(prefix: String) async throws -> [String: SourceStamp] {
        let start = prefix + "/"
        return try await backend.read { db in
            let rows = try await db.raw(
                """
                SELECT source_path, source_size, source_mtime FROM tracks
                WHERE substr(source_path, 1, CAST(\(bind: start.unicodeScalars.count) AS INTEGER)) = \(bind: start)
                """
            ).all()
            var known: [String: SourceStamp] = [:]
            for row in rows {
                known[try row.decode(column: "source_path", as: String.self)] = SourceStamp(
                    size: try row.decode(column: "source_size", as: Int?.self) ?? -1,
                    version: try row.decode(column: "source_mtime", as: Int?.self) ?? -1)
            }
            return known
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    static func record(_ row: any SQLRow) throws -> CatalogSourceRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let lastSync = try row.decode(column: "last_sync", as: String?.self).flatMap {
            try? decoder.decode(SourceSyncSummary.self, from: Data($0.utf8))
        }
        let auth = SubsonicRules.Auth(rawValue: try row.decode(column: "auth", as: String.self)) ?? .password
        return CatalogSourceRecord(
            name: try row.decode(column: "name", as: String.self),
            kind: try row.decode(column: "kind", as: String.self),
            url: try row.decode(column: "url", as: String.self),
            username: try row.decode(column: "username", as: String.self), auth: auth,
            sealedSecret: Array(
                Data(base64Encoded: try row.decode(column: "sealed_secret", as: String.self)) ?? Data()),
            price: try row.decode(column: "price", as: Int.self),
            parallel: try row.decode(column: "parallel", as: Int.self),
            everySeconds: try row.decode(column: "every_seconds", as: Int?.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)), lastSync: lastSync)
    }
}
