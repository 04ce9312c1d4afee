import Foundation
import SoTubeCore
import SoTubeMedia

/// Publishing a draft: its songs go through the importer (the media job queue makes their previews
/// and renditions; each goes on sale when ready), then the album gets the draft's prices and date.
extension DraftService {
    public func publish(_ user: User, id: String) async throws -> SellerRelease {
        let draft = try await draft(user, id: id)
        let body = try DraftRules.validate(draft.body, uploads: draft.uploads)
        guard !body.tracks.isEmpty else {
            throw DomainError.invalid(field: "tracks", reason: "Add at least one song before publishing.")
        }
        let uploads = Dictionary(draft.uploads.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, track) in body.tracks.enumerated() {
            guard let upload = uploads[track.uploadID], upload.isComplete, upload.problem == nil else {
                throw DomainError.invalid(
                    field: "tracks", reason: "Song \(index + 1) has not finished uploading or cannot be read.")
            }
        }
        let cover = body.coverUploadID.flatMap { uploads[$0] }.flatMap { $0.isComplete && $0.problem == nil ? $0 : nil }
        let items = body.tracks.map { track -> ImportItem in
            let upload = uploads[track.uploadID]
            var item = ImportItem(
                file: root.appendingPathComponent(upload?.path ?? track.uploadID),
                sourceKey: "upload:\(track.uploadID)",
                relativePath: [upload?.fileName ?? track.title], rootName: body.title)
            item.metadata = TrackMetadata(
                title: track.title, artist: draft.artistName, albumArtist: draft.artistName, album: body.title,
                trackNumber: track.trackNumber, discNumber: track.discNumber, year: body.year, genre: body.genre,
                durationMs: upload?.tags?.durationMs ?? 0)
            item.albumKey = "upload-release:\(draft.id)"
            item.price = track.price
            item.albumPrice = body.albumPrice
            if let cover { item.artwork = .image(path: root.appendingPathComponent(cover.path).path) }
            return item
        }
        var importer = importer()
        importer.waitsForJobs = false
        importer.picturesWithRows = true  // one release, shown on the page Publish lands on: its cover at once
        let report = try await importer.importItems(items)
        let trackIDs = body.tracks.compactMap { report.trackID(for: "upload:\($0.uploadID)") }
        guard trackIDs.count == body.tracks.count, let first = trackIDs.first else {
            let reasons = report.skipped.map { $0.reason }.joined(separator: "; ")
            throw DomainError.invalid(field: "tracks", reason: "Some songs could not be imported: \(reasons)")
        }
        for (track, trackID) in zip(body.tracks, trackIDs) where track.nameYourPrice {
            _ = try await sellers.updateTrack(user, trackID: trackID, price: track.price, nameYourPrice: true)
        }
        guard let albumID = try await sellers.database.sellers.albumID(ofTrack: first) else {
            throw DomainError.notFound(what: "The published album")
        }
        let release = try await sellers.updateAlbum(
            user, albumID: albumID,
            ReleaseChange(
                albumPrice: body.albumPrice, nameYourPrice: body.nameYourPrice,
                availableOn: try SellerRules.availableDay(body.availableOn), published: true))
        try await store.finishDraft(id: draft.id)
        await sellers.announce(release)
        return release
    }
}
