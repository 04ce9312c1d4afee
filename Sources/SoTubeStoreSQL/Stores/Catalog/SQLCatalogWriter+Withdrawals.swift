import SQLKit
import SoTubeCore

/// A watched music folder's removals (`Migration012Withdrawals`).
extension SQLCatalogWriter {
    public func reconcileFolder(_ folder: String, present: Set<String>) async throws -> FolderReconciliation {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let now = clock.now().epochMillis
        return try await backend.transaction { db in
            let rows = try await db.raw(
                """
                SELECT id, source_path, withdrawn_at FROM tracks
                WHERE substr(source_path, 1, CAST(\(bind: prefix.unicodeScalars.count) AS INTEGER)) = \(bind: prefix)
                """
            ).all()
            var result = FolderReconciliation()
            for row in rows {
                let id = try row.decode(column: "id", as: String.self)
                let path = try row.decode(column: "source_path", as: String.self)
                let withdrawn = try row.decode(column: "withdrawn_at", as: Int?.self) != nil
                if present.contains(path) {
                    if withdrawn { result.restored.append(id) }
                } else if !withdrawn {
                    result.withdrawn.append(id)
                }
            }
            for chunk in result.withdrawn.chunked(500) {
                try await db.raw(
                    "UPDATE tracks SET withdrawn_at = \(bind: now), updated_at = \(bind: now) WHERE id IN (\(binds: Array(chunk)))"
                ).run()
            }
            for chunk in result.restored.chunked(500) {
                try await db.raw(
                    "UPDATE tracks SET withdrawn_at = NULL, updated_at = \(bind: now) WHERE id IN (\(binds: Array(chunk)))"
                ).run()
            }
            return result
        }
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
