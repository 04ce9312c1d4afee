import Foundation

/// What the importer knows about one song, from tags or, failing that, from its path.
public struct TrackMetadata: Sendable, Equatable {
    public var title: String
    public var artist: String
    public var albumArtist: String
    public var album: String
    public var trackNumber: Int
    public var discNumber: Int
    public var year: Int?
    public var releaseDate: String?
    public var genre: String?
    public var explicit: Bool
    public var durationMs: Int

    public init(
        title: String, artist: String, albumArtist: String? = nil, album: String, trackNumber: Int = 0,
        discNumber: Int = 1, year: Int? = nil, releaseDate: String? = nil, genre: String? = nil,
        explicit: Bool = false, durationMs: Int = 0
    ) {
        self.title = title
        self.artist = artist
        self.albumArtist = albumArtist ?? artist
        self.album = album
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.year = year
        self.releaseDate = releaseDate
        self.genre = genre
        self.explicit = explicit
        self.durationMs = durationMs
    }
}

public enum TagMapping {
    public static let unknownArtist = "Unknown Artist"
    public static let unknownAlbum = "Unknown Album"

    /// Merges tags (any key case; stream tags after format tags) with the path fallback:
    /// a tag wins when present and non-blank, the path fills the rest.
    public static func metadata(
        tags: [String: String], relativePath: [String], rootName: String, durationSeconds: Double
    )
        -> TrackMetadata
    {
        var lower: [String: String] = [:]
        for (key, value) in tags {
            let clean = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !clean.isEmpty { lower[key.lowercased()] = clean }
        }
        var meta = PathTags.guess(relativePath: relativePath, rootName: rootName)
        if let title = lower["title"] { meta.title = title }
        let artist = lower["artist"] ?? lower["performer"] ?? lower["composer"]
        let albumArtist = lower["album_artist"] ?? lower["albumartist"] ?? lower["album artist"]
        if let artist {
            meta.artist = artist
            meta.albumArtist = albumArtist ?? artist
        } else if let albumArtist {
            meta.artist = albumArtist
            meta.albumArtist = albumArtist
        }
        if let album = lower["album"] { meta.album = album }
        if let track = lower["track"] ?? lower["tracknumber"], let n = leadingNumber(track) {
            meta.trackNumber = n
        }
        if let disc = lower["disc"] ?? lower["discnumber"], let n = leadingNumber(disc) {
            meta.discNumber = max(1, n)
        }
        if let date = lower["date"] ?? lower["year"] ?? lower["originaldate"] ?? lower["tdor"] {
            if let year = leadingNumber(date), (1000...9999).contains(year) {
                meta.year = year
                meta.releaseDate = isoDate(date)
            }
        }
        if let genre = lower["genre"] { meta.genre = genre }
        let advisory = [
            lower["itunesadvisory"], lower["explicit"], lower["rtng"], lower["advisory"],
            lower["contentrating"],
        ]
        .compactMap { $0?.lowercased() }
        meta.explicit = advisory.contains {
            $0 == "1" || $0 == "4" || $0.contains("explicit") || $0 == "true" || $0 == "yes"
        }
        meta.durationMs = durationMs(seconds: durationSeconds)
        return meta
    }

    /// The longest length a file may state (about 115 days): a header claiming more (an MP4 `mvhd` or
    /// an Ogg granule can state up to 2^63) is not believed, and no conversion to milliseconds traps.
    public static let longestSeconds = 10_000_000.0

    /// A length in whole milliseconds; 0 when it is not a length (NaN, infinite, negative, too long).
    public static func durationMs(seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0, seconds <= longestSeconds else { return 0 }
        return Int((seconds * 1000).rounded())
    }

    /// "7/12" → 7, "03" → 3, "2004-05-01" → 2004.
    public static func leadingNumber(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits.prefix(9))
    }

    /// "2004-05-01..." → "2004-05-01"; "2004" → nil.
    static func isoDate(_ text: String) -> String? {
        let prefix = Array(text.prefix(10))
        guard prefix.count == 10, prefix[4] == "-", prefix[7] == "-",
            prefix.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || $0.element.isNumber })
        else { return nil }
        return String(prefix)
    }
}

/// Guesses from `Artist/Album/07 Title.mp3` when a file carries no tags.
public enum PathTags {
    /// `relativePath` is the path below the import root, split into components (file last).
    public static func guess(relativePath: [String], rootName: String) -> TrackMetadata {
        let file = relativePath.last ?? "Untitled"
        // The import root itself names the album only for files directly inside it.
        let folders = Array(relativePath.dropLast())
        let album =
            clean(folders.last ?? rootName).isEmpty
            ? TagMapping.unknownAlbum : clean(folders.last ?? rootName)
        let artistFolder = folders.count >= 2 ? clean(folders[folders.count - 2]) : nil
        var stem = file
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        stem = clean(stem)
        var disc = 1
        var track = 0
        // "1-07 Title", "07 - Title", "07. Title", "07_Title", "07 Title"
        let scalars = Array(stem)
        var index = 0
        func readNumber() -> Int? {
            let start = index
            while index < scalars.count, scalars[index].isASCII, scalars[index].isNumber,
                index - start < 4
            { index += 1 }
            return index > start ? Int(String(scalars[start..<index])) : nil
        }
        if let first = readNumber() {
            var number = first
            var discNumber = 1
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1].isNumber {
                index += 1
                if let second = readNumber() {
                    discNumber = max(1, first)
                    number = second
                }
            }
            let separated = index < scalars.count && " -._".contains(scalars[index])
            let rest = String(String(scalars[index...]).drop { " -._".contains($0) })
            if separated && !rest.isEmpty {
                stem = rest
                track = number
                disc = discNumber
            }
        }
        var artist = artistFolder ?? TagMapping.unknownArtist
        var title = stem.isEmpty ? file : stem
        if artistFolder == nil, let range = title.range(of: " - ") {
            artist = String(title[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            title = String(title[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return TrackMetadata(
            title: title, artist: artist, albumArtist: artist, album: album, trackNumber: track,
            discNumber: disc)
    }

    /// Underscores to spaces, runs of blanks collapsed, trimmed.
    static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: " ").split(whereSeparator: { $0 == " " || $0 == "\t" })
            .joined(separator: " ")
    }
}
