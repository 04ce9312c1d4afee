import Foundation
import SoTubeCore
import SoTubeMedia

/// Decides who may get which file of a song or picture: ownership, preview or full, path and
/// content type. The web audio route, the share page and every later way to play or download a song
/// (Subsonic `stream`, downloads) ask it; nothing else decides.
public struct MediaService: Sendable {
    let lookup: any MediaLookup
    let ownership: any OwnershipStore
    /// The folder every stored path is relative to.
    let mediaRoot: URL
    /// Stored paths as file URLs, made once each.
    let paths: MediaPaths
    /// How long a preview is.
    public let preview: PreviewPolicy
    /// "Now" for release dates: a pre-ordered song plays in full from its date on, no restart needed.
    let clock: any SoTubeClock

    public init(
        lookup: any MediaLookup, ownership: any OwnershipStore, mediaRoot: URL, preview: PreviewPolicy,
        clock: any SoTubeClock = SystemClock()
    ) {
        self.clock = clock
        self.lookup = lookup
        self.ownership = ownership
        self.mediaRoot = mediaRoot
        self.paths = MediaPaths(root: mediaRoot)
        self.preview = preview
    }

    /// A file on disk a caller may receive.
    public struct File: Sendable, Equatable {
        public var url: URL
        public var contentType: String
        /// `url.path`, made once with the URL where it can be.
        public var path: String

        public init(url: URL, contentType: String, path: String? = nil) {
            self.url = url
            self.contentType = contentType
            self.path = path ?? url.path
        }
    }

    /// The audio a caller gets for a song: owners the full song (from its release date on), guests (nil) and everyone else the
    /// separate preview file. The choice is made here, before any Range is looked at, so no URL,
    /// query or Range can reach past the preview for a non-owner. Throws notFound for an unknown song.
    public func audio(trackID: String, for userID: String?) async throws -> (PreviewPolicy.Rendition, File) {
        let (rendition, file, _) = try await audioWithDuration(trackID: trackID, for: userID)
        return (rendition, file)
    }

    /// `audio`, with the full song's length (`PlaybackService` compares bit rates with it).
    func audioWithDuration(trackID: String, for userID: String?) async throws
        -> (PreviewPolicy.Rendition, File, durationMs: Int)
    {
        guard let files = try await lookup.trackFiles(id: trackID) else {
            throw DomainError.notFound(what: "This song")
        }
        var isOwner = false
        // A pre-order owns the song but hears the preview until the release date.
        if let userID, files.isOut(at: clock.now()) {
            isOwner = try await ownership.owns(userID: userID, trackID: trackID)
        }
        let rendition = PreviewPolicy.rendition(isOwner: isOwner)
        switch rendition {
        case .full: return (rendition, file(files.mediaPath, contentType: files.mediaType), files.durationMs)
        case .preview: return (rendition, file(files.previewPath, contentType: files.previewType), files.durationMs)
        }
    }

    /// The picture of `subject` in the made size nearest above `size`; a larger one when that size
    /// is missing (pictures made before a size was added), the original when none is. Throws
    /// notFound for an unknown subject or one without a picture.
    public func artwork(_ subject: ArtworkSubject, size: Int) async throws -> File {
        try await artwork(subject, size: size, avif: false).file
    }

    /// The picture in `size` (rounded up to a made size): AVIF when `avif` (the browser said it takes
    /// it) and that size was made as AVIF, else JPEG; `avifMissing` names the stored picture whose AVIF
    /// sizes a browser wanted and do not exist yet.
    func artwork(_ subject: ArtworkSubject, size: Int, avif: Bool) async throws -> (file: File, avifMissing: String?) {
        guard let found = try await lookup.artwork(subject) else {
            throw DomainError.notFound(what: subject.displayName)
        }
        guard let base = found else { throw DomainError.notFound(what: "\(subject.displayName)'s picture") }
        guard avif, ArtworkSizes.avifSizes.contains(ArtworkSizes.chosen(size)) else {
            return (jpeg(base, size: size), nil)
        }
        if let file = store.file(for: ArtworkSizes.avifPath(for: base, size: size)) {
            return (File(url: file, contentType: "image/avif"), nil)
        }
        return (jpeg(base, size: size), base)
    }

    private func jpeg(_ base: String, size: Int) -> File {
        let candidates = ArtworkSizes.sizes.filter { $0 >= size }.map { ArtworkSizes.path(for: base, size: $0) }
        let file = candidates.lazy.compactMap { store.file(for: $0) }.first ?? url(base)
        return File(url: file, contentType: "image/jpeg")
    }

    /// The media store the catalog's paths are keys of (the local folder: files are answered from it
    /// with ranges; docs/deploy.md says what changes with an object store).
    var store: LocalMediaStore { LocalMediaStore(root: mediaRoot) }

    func url(_ relativePath: String) -> URL { paths.url(relativePath) }

    func file(_ relativePath: String, contentType: String) -> File {
        let location = paths.location(relativePath)
        return File(url: location.url, contentType: contentType, path: location.path)
    }
}

extension ArtworkSubject {
    var displayName: String {
        switch self {
        case .album: return "This album"
        case .artist: return "This artist"
        case .playlist: return "This playlist"
        }
    }
}
