import Foundation
import SoTubeCore
import SoTubeMedia

extension MediaService {
    /// The file a song's owner downloads: the stored full song (the imported file itself when it
    /// plays everywhere). Guests, non-owners and unknown songs get the same notFound, so the answer
    /// tells nobody who owns what.
    public func original(trackID: String, for userID: String?) async throws -> File {
        guard let userID, let files = try await lookup.trackFiles(id: trackID),
            try await ownership.owns(userID: userID, trackID: trackID)
        else { throw DomainError.notFound(what: "This song") }
        return File(url: url(files.mediaPath), contentType: files.mediaType)
    }

    /// The downloadable files of those of `trackIDs` the user owns, by track id; songs they do not
    /// own are left out.
    public func originals(trackIDs: [String], for userID: String?) async throws -> [String: File] {
        guard let userID, !trackIDs.isEmpty else { return [:] }
        let owned = try await ownership.ownedTrackIDs(userID: userID, among: trackIDs)
        var result: [String: File] = [:]
        for id in trackIDs where owned.contains(id) {
            if let files = try await lookup.trackFiles(id: id) {
                result[id] = File(url: url(files.mediaPath), contentType: files.mediaType)
            }
        }
        return result
    }

    /// The biggest stored picture of an album, nil when it has none.
    public func albumCover(albumID: String) async throws -> File? {
        guard let file = try? await artwork(.album(albumID), size: ArtworkSizes.sizes.max() ?? 600) else { return nil }
        return FileManager.default.fileExists(atPath: file.url.path) ? file : nil
    }
}
