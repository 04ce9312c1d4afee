import SQLKit
import SoTubeCore

/// The `catalog_version` row, bumped by triggers on every catalog table (Migration009CatalogVersion).
extension SQLCatalogReader: CatalogVersionSource {
    public func catalogVersion() async throws -> Int64 {
        try await backend.read { db in
            let row = try await db.raw("SELECT version FROM catalog_version WHERE id = 1").first()
            return try row?.decode(column: "version", as: Int64.self) ?? 0
        }
    }
}
