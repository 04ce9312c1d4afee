import Foundation
import SQLKit
import SoTubeCore

/// My Music: the songs a user bought (SPEC L1). Sorting is `LibraryOrder`'s (SoTubeCore).
public struct SQLLibraryStore: LibraryStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    /// Every song the user owns, in no particular order.
    public func ownedTracks(userID: String) async throws -> [CatalogTrack] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: CatalogSQL.trackColumns) FROM owned_tracks o
                JOIN tracks t ON t.id = o.track_id JOIN artists ar ON ar.id = t.artist_id
                JOIN albums al ON al.id = t.album_id
                WHERE o.user_id = \(bind: userID)
                """
            ).all().map(CatalogSQL.track)
        }
    }
}
