import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// Operators and the catalog: songs, artists, album prices and pictures, the store home, media jobs.
extension OperatorService {
    public func findTracks(_ text: String?) async throws -> [AdminTrack] {
        try await database.catalogAdmin.findTracks(
            matching: try OperatorRules.searchText(text), limit: Self.listLimit)
    }

    public func editTrack(_ actor: OperatorActor, trackID: String, _ edit: TrackEdit) async throws -> AdminTrack {
        let edit = try edit.validated()
        guard let track = try await database.catalogAdmin.track(id: trackID) else {
            throw DomainError.notFound(what: "The song")
        }
        let edited = try await database.catalogAdmin.edit(
            trackID: trackID, edit, now: clock.now(),
            audit: entry(actor, .trackEdit, "song \(track.title) (\(track.artist))"))
        catalogChanged()
        return edited
    }

    public func setAlbumPrice(_ actor: OperatorActor, albumID: String, price: Int?) async throws
        -> (title: String, operatorPrice: Int?, derivedPrice: Int)
    {
        try OperatorRules.validateAlbumPrice(price)
        let album = try await database.catalogAdmin.setAlbumPrice(
            albumID: albumID, price: price, audit: entry(actor, .albumPrice, "album \(albumID)"))
        catalogChanged()
        return album
    }

    public func renameArtist(_ actor: OperatorActor, artistID: String, name: String) async throws
        -> (id: String, name: String)
    {
        let name = try OperatorRules.validateName(name, field: "name")
        let renamed = try await database.catalogAdmin.renameArtist(
            id: artistID, to: name, audit: entry(actor, .artistEdit, "artist \(artistID)"))
        catalogChanged()
        return renamed
    }

    /// Checks the uploaded picture, stores it in the artwork sizes under a new name (so no cache
    /// holds the old bytes under it) and points the album at it.
    func replaceAlbumArtwork(_ actor: OperatorActor, albumID: String, bytes: [UInt8]) async throws {
        guard try await database.catalogAdmin.albumExists(id: albumID) else {
            throw DomainError.notFound(what: "The album")
        }
        let tools = MediaTools(timeout: 30)
        let store = LocalMediaStore(root: mediaRoot)
        let key = StableHash.hex("album-art|\(albumID)|\(ids.makeID())")
        let path = try await UploadedImage.withChecked(
            bytes, field: "artwork", in: mediaRoot.appendingPathComponent("artwork"), tools: tools
        ) { upload, _ in
            try await tools.makeArtwork(.image(path: upload.path), key: key, store: store)
        }
        _ = try await database.catalogAdmin.setAlbumArtwork(
            albumID: albumID, path: path, audit: entry(actor, .albumArtwork, "album \(albumID)"))
        catalogChanged()
    }

    public func curation() async throws -> HomeCuration { try await database.catalogAdmin.curation() }

    public func setCuration(_ actor: OperatorActor, featured: [String], moods: [String]) async throws -> HomeCuration {
        let curation = try await database.catalogAdmin.setCuration(
            featured: featured, moods: moods, audit: entry(actor, .homeCurate, "store home"))
        catalogChanged()
        return curation
    }

    public func jobs() async throws -> (counts: MediaJobCounts, failed: [(job: MediaJob, title: String?)]) {
        let counts = try await jobs.counts(trackIDs: nil)
        var failed: [(MediaJob, String?)] = []
        for job in try await jobs.failedJobs(limit: Self.listLimit) {
            failed.append((job, try await database.catalogAdmin.track(id: job.trackID)?.title))
        }
        return (counts, failed)
    }

    public func retryJob(_ actor: OperatorActor, jobID: String) async throws -> Int {
        guard let job = try await jobs.job(id: jobID) else { throw DomainError.notFound(what: "The job") }
        guard job.state == .failed else {
            throw DomainError.conflict(
                field: nil, reason: "Only a failed job can be retried; this one is \(job.state.rawValue).")
        }
        let retried = try await jobs.retry(jobID: jobID, now: clock.now())
        var record = entry(actor, .jobRetry, "job \(job.kind.rawValue) of song \(job.trackID)")
        record.before = #"{"state":"failed"}"#
        record.after = #"{"state":"queued"}"#
        record.reason = job.lastError
        try await database.audit.append(record)
        return retried
    }
}
