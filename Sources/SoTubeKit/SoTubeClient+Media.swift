import Foundation
import SoTubeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SoTubeClient {
    /// The address of a song's audio: the whole song for its owner, the preview for everyone else.
    /// A player that fetches it itself needs ``authorizationHeaders()`` to be heard as the owner
    /// (on Apple platforms: `AVURLAsset(url:options: ["AVURLAssetHTTPHeaderFieldsKey": headers])`).
    public func audioURL(trackID: String) -> URL {
        url(for: Route.trackAudio.path(trackID))
    }

    /// The address of an album's artwork (JPEG, public), `size` pixels wide (100, 300 or 600).
    public func artworkURL(albumID: String, size: Int? = nil) -> URL {
        url(for: Route.albumArtwork.path(albumID, query: ["size": size.map(String.init)]))
    }

    /// The address of an artist's picture (JPEG, public), `size` pixels wide.
    public func artistImageURL(artistID: String, size: Int? = nil) -> URL {
        url(for: Route.artistImage.path(artistID, query: ["size": size.map(String.init)]))
    }

    /// The address of a playlist's cover (JPEG, public), `size` pixels wide.
    public func playlistArtworkURL(playlistID: String, size: Int? = nil) -> URL {
        url(for: Route.playlistArtwork.path(playlistID, query: ["size": size.map(String.init)]))
    }

    /// Saves a song's audio as the caller may hear it to `file`: the whole song for its owner, the
    /// preview for everyone else (``SavedAudio/rendition`` says which).
    ///
    /// - Throws: ``SoTubeError/notFound`` for an unknown song.
    @discardableResult
    public func saveAudio(trackID: String, to file: URL) async throws -> SavedAudio {
        let (saved, response) = try await fetchFile(Route.trackAudio.path(trackID), moveTo: { _ in file })
        let header = response.value(forHTTPHeaderField: SoTubeHeader.rendition) ?? ""
        return SavedAudio(
            file: saved, rendition: AudioRendition(rawValue: header) ?? .preview,
            contentType: response.value(forHTTPHeaderField: "Content-Type") ?? "application/octet-stream")
    }

    /// Downloads the original file of a song the caller owns into `directory`, named as the
    /// server names it (`Content-Disposition`); returns the file's URL. An existing file of that
    /// name is replaced.
    ///
    /// - Throws: ``SoTubeError/notFound`` when the song is unknown or not owned by the caller.
    public func downloadTrack(id: String, into directory: URL) async throws -> URL {
        try await download(Route.trackDownload.path(id), into: directory, fallbackName: "\(id).audio")
    }

    /// Downloads a ZIP of the caller's songs of an album into `directory`; returns the file's URL.
    ///
    /// - Throws: ``SoTubeError/notFound`` when the album is unknown or the caller owns none of its songs.
    public func downloadAlbum(id: String, into directory: URL) async throws -> URL {
        try await download(Route.albumDownload.path(id), into: directory, fallbackName: "\(id).zip")
    }

    func download(_ path: String, into directory: URL, fallbackName: String) async throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (file, _) = try await fetchFile(path) { response in
            let name = Self.attachmentName(response.value(forHTTPHeaderField: "Content-Disposition")) ?? fallbackName
            return directory.appendingPathComponent(name)
        }
        return file
    }

    /// `GET path` streamed to a temporary file, then moved to where `destination` says.
    func fetchFile(_ path: String, moveTo destination: (HTTPURLResponse) throws -> URL) async throws
        -> (URL, HTTPURLResponse)
    {
        var request = try await request("GET", path)
        request.setValue("*/*", forHTTPHeaderField: "Accept")
        let temporary: URL
        let response: URLResponse
        do {
            (temporary, response) = try await session.download(for: request)
        } catch {
            throw Self.transportError(error)
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        let http = try Self.checked(response, body: (try? Data(contentsOf: temporary)) ?? Data())
        let target = try destination(http)
        if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
        try FileManager.default.moveItem(at: temporary, to: target)
        return (target, http)
    }

    /// The file name in a `Content-Disposition` header (`filename*=UTF-8''…` preferred), reduced to
    /// one safe path component; nil when there is none.
    public static func attachmentName(_ header: String?) -> String? {
        guard let header else { return nil }
        var plain: String?
        var extended: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "filename*":
                let value = pair[1]
                if let quote = value.range(of: "''") {
                    extended = String(value[quote.upperBound...]).removingPercentEncoding
                }
            case "filename":
                plain = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            default: continue
            }
        }
        guard let raw = extended ?? plain else { return nil }
        let name = raw.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_")
            .filter { !$0.isNewline && $0 != "\0" }
        let trimmed = String(name.drop(while: { $0 == "." })).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A song's audio saved by ``SoTubeClient/saveAudio(trackID:to:)``.
public struct SavedAudio: Sendable, Equatable {
    /// Where it was saved.
    public var file: URL
    /// Which cut it is: the whole song or the preview.
    public var rendition: AudioRendition
    /// Its media type, e.g. `audio/mpeg`.
    public var contentType: String

    /// Audio saved at `file`.
    public init(file: URL, rendition: AudioRendition, contentType: String) {
        self.file = file
        self.rendition = rendition
        self.contentType = contentType
    }

    /// The usual file extension of ``contentType`` ("mp3", "m4a", "flac", "ogg", else "audio").
    public var fileExtension: String {
        switch contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "audio/mpeg": return "mp3"
        case "audio/mp4", "audio/aac", "audio/x-m4a": return "m4a"
        case "audio/flac", "audio/x-flac": return "flac"
        case "audio/ogg", "audio/opus": return "ogg"
        case "audio/wav", "audio/x-wav": return "wav"
        default: return "audio"
        }
    }
}
