import SQLKit
import SoTubeCore

public struct SQLOwnershipStore: OwnershipStore {
    let backend: any SQLBackend

    package init(backend: any SQLBackend) { self.backend = backend }

    public func owns(userID: String, trackID: String) async throws -> Bool {
        try await backend.read { db in
            try await db.raw(
                "SELECT 1 AS one FROM owned_tracks WHERE user_id = \(bind: userID) AND track_id = \(bind: trackID)"
            ).first() != nil
        }
    }

    public func ownedTrackIDs(userID: String, among trackIDs: [String]) async throws -> Set<String> {
        guard !trackIDs.isEmpty else { return [] }
        return try await backend.read { db in
            let rows = try await db.select().column("track_id").from("owned_tracks")
                .where("user_id", .equal, userID)
                .where("track_id", .in, trackIDs)
                .all()
            return Set(try rows.map { try $0.decode(column: "track_id", as: String.self) })
        }
    }

    public func ownedCount(userID: String) async throws -> Int {
        try await backend.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM owned_tracks WHERE user_id = \(bind: userID)")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}
