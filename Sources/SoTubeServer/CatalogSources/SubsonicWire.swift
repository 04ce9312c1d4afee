import Foundation
import SoTubeCore

/// The parts of Subsonic's JSON answers (`f=json`) a sync reads. Servers differ in small ways (ids as
/// numbers in older ones, a missing list instead of an empty one), which these types take in stride.
enum SubsonicWire {
    struct Envelope<Body: Decodable>: Decodable {
        let response: Body
        enum CodingKeys: String, CodingKey { case response = "subsonic-response" }
    }

    struct Status: Decodable {
        let status: String
        let error: ErrorBody?
    }

    struct ErrorBody: Decodable {
        let code: Int
        let message: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(FlexibleInt.self, forKey: .code).value ?? 0
            message = try container.decodeIfPresent(String.self, forKey: .message)
        }
        enum CodingKeys: String, CodingKey { case code, message }
    }

    struct AlbumListBody: Decodable {
        let albumList2: AlbumList?
        struct AlbumList: Decodable { let album: [AlbumEntry]? }
    }

    struct AlbumEntry: Decodable {
        let id: FlexibleString
    }

    struct AlbumBody: Decodable {
        let album: Album
    }

    struct Album: Decodable {
        let id: FlexibleString
        let name: String?
        let artist: String?
        let coverArt: FlexibleString?
        let year: FlexibleInt?
        let genre: String?
        let song: [Song]?
    }

    struct Song: Decodable {
        let id: FlexibleString
        let title: String?
        let album: String?
        let artist: String?
        let track: FlexibleInt?
        let discNumber: FlexibleInt?
        let year: FlexibleInt?
        let genre: String?
        let size: FlexibleInt?
        let suffix: String?
        let duration: FlexibleInt?
        let coverArt: FlexibleString?
        let albumId: FlexibleString?
        let isVideo: Bool?
    }

    struct ExtensionsBody: Decodable {
        let openSubsonicExtensions: [Extension]?
        struct Extension: Decodable { let name: String }
    }

    /// A song of `album` as a source lists it.
    static func remoteSong(_ song: Song, album: Album) -> RemoteSong {
        let albumID = song.albumId?.value ?? album.id.value
        return RemoteSong(
            id: song.id.value, title: song.title ?? "", artist: song.artist ?? album.artist ?? "",
            album: song.album ?? album.name ?? "", albumArtist: album.artist ?? song.artist, albumID: albumID,
            trackNumber: song.track?.value ?? 0, discNumber: song.discNumber?.value ?? 1,
            year: song.year?.value ?? album.year?.value, genre: song.genre ?? album.genre,
            durationSeconds: song.duration?.value ?? 0, size: song.size?.value ?? 0,
            suffix: (song.suffix ?? "").lowercased(), coverArtID: album.coverArt?.value ?? song.coverArt?.value)
    }
}

/// A string sent as a string or a number.
struct FlexibleString: Decodable, Equatable {
    let value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else {
            value = String(try container.decode(Int64.self))
        }
    }
}

/// A number sent as a number or a string; nil when it is neither (or out of range).
struct FlexibleInt: Decodable, Equatable {
    let value: Int?
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = try? container.decode(Double.self), number.isFinite, abs(number) < 1e15 {
            value = Int(exactly: number.rounded())
        } else if let text = try? container.decode(String.self) {
            value = Int(text.trimmingCharacters(in: .whitespaces))
        } else {
            value = nil
        }
    }
}
