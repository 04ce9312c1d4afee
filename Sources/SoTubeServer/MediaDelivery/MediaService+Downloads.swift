import Foundation
import SoTubeCore
import SoTubeMedia

extension MediaService {
    /// Which file of a song an owner downloads.
    public enum DownloadFormat: String, Sendable, CaseIterable {
        /// The imported file itself (kept beside the renditions when it was transcoded).
        case original
        /// The MP3 the song plays from, when it was transcoded to MP3.
        case mp3
    }

    /// A file an owner may download, with the formats the song offers (file extensions, the
    /// original's first).
    public struct Download: Sendable, Equatable {
        public var file: File
        public var formats: [String]
    }

    /// The file a song's owner downloads in `format`. Guests, non-owners and unknown songs get the
    /// same notFound, so the answer tells nobody who owns what; a format the song lacks is notFound too.
    public func original(trackID: String, for userID: String?, format: DownloadFormat = .original) async throws
        -> Download
    {
        guard let userID, let files = try await lookup.trackFiles(id: trackID), files.isOut(at: clock.now()),
            try await ownership.owns(userID: userID, trackID: trackID)
        else { throw DomainError.notFound(what: "This song") }
        guard let download = choose(files, format: format) else {
            throw DomainError.notFound(what: "An \(format.rawValue.uppercased()) file of this song")
        }
        return download
    }

    /// The downloadable files in `format` of those of `trackIDs` the user owns, by track id; songs
    /// they do not own are left out, and so are songs without that format.
    public func originals(trackIDs: [String], for userID: String?, format: DownloadFormat = .original) async throws
        -> [String: File]
    {
        guard let userID, !trackIDs.isEmpty else { return [:] }
        let owned = try await ownership.ownedTrackIDs(userID: userID, among: trackIDs)
        var result: [String: File] = [:]
        for id in trackIDs where owned.contains(id) {
            if let files = try await lookup.trackFiles(id: id), files.isOut(at: clock.now()),
                let download = choose(files, format: format)
            {
                result[id] = download.file
            }
        }
        return result
    }

    /// The biggest stored picture of an album, nil when it has none.
    public func albumCover(albumID: String) async throws -> File? {
        guard let file = try? await artwork(.album(albumID), size: ArtworkSizes.sizes.max() ?? 600) else { return nil }
        return FileManager.default.fileExists(atPath: file.url.path) ? file : nil
    }

    /// The original is the kept `original.<ext>` when the song was transcoded, else the full file;
    /// MP3 is the full file when it is one.
    func choose(_ files: TrackFiles, format: DownloadFormat) -> Download? {
        let full = file(files.mediaPath, contentType: files.mediaType)
        let folder = (files.mediaPath as NSString).deletingLastPathComponent
        let kept = OriginalFile.names(in: folder, store: store).first.map { name in
            let file = url("\(folder)/\(name)")
            return File(url: file, contentType: AudioFormatRules.contentType(forExtension: file.pathExtension))
        }
        let original = kept ?? full
        let fullIsMP3 = files.mediaType == "audio/mpeg"
        var formats = [DownloadName.fileExtension(of: original.url.path)]
        if kept != nil && fullIsMP3 { formats.append("mp3") }
        switch format {
        case .original: return Download(file: original, formats: formats)
        case .mp3:
            return formats.contains("mp3") ? Download(file: kept != nil ? full : original, formats: formats) : nil
        }
    }
}
