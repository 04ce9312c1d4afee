import Foundation
import SoTubeCore

/// Songs, albums and artists as Subsonic elements (`Child`, `AlbumID3`, `ArtistID3`). Ids are the
/// store's ids; an album's id is also its cover art id, an artist's id its picture's.
struct SubsonicItems: Sendable {
    /// The folder the songs' paths are relative to (sizes are read from the files), as a path
    /// ending in "/" (joined by hand: `URL.appendingPathComponent` per song costs more than `stat`).
    let mediaRoot: String

    init(mediaRoot: URL) {
        let path = mediaRoot.path
        self.mediaRoot = path.hasSuffix("/") ? path : path + "/"
    }

    func song(_ song: PlayerSong) -> SubsonicElement {
        let track = song.track
        var element = SubsonicElement()
        element.set("id", track.id)
        element.set("parent", track.albumID)
        element.set("isDir", false)
        element.set("title", track.title)
        element.set("album", track.albumTitle)
        element.set("artist", track.artistName)
        element.set("track", track.trackNumber > 0 ? track.trackNumber : nil)
        element.set("year", song.year)
        element.set("genre", track.genre)
        element.set("coverArt", song.albumHasArtwork ? track.albumID : nil)
        let size = fileSize(song.mediaPath)
        let seconds = Self.seconds(track.durationMs)
        element.set("size", size)
        element.set("contentType", song.mediaType)
        element.set("suffix", Self.suffix(song.mediaPath))
        element.set("duration", seconds)
        if let size, seconds > 0 { element.set("bitRate", Int((Double(size) * 8 / Double(seconds) / 1000).rounded())) }
        element.set("playCount", song.playCount)
        element.set("discNumber", track.discNumber)
        element.set("created", song.boughtAt)
        element.set("starred", song.starredAt)
        element.set("albumId", track.albumID)
        element.set("artistId", track.artistID)
        element.set("type", "music")
        element.set("mediaType", "song")
        element.set("isVideo", false)
        if let replayGain = Self.replayGain(track) { element.add("replayGain", replayGain) }
        return element
    }

    /// OpenSubsonic `replayGain` (ReplayGain 2.0, toward −18 LUFS; peaks as linear amplitude) from the
    /// song's and its album's EBU R128 measurements; nil until the loudness job has measured the song.
    static func replayGain(_ track: CatalogTrack) -> SubsonicElement? {
        guard let loudness = track.loudness else { return nil }
        var element = SubsonicElement()
        element.set("trackGain", loudness.replayGainDB)
        element.set("trackPeak", loudness.linearPeak)
        if let album = track.albumLoudness {
            element.set("albumGain", album.replayGainDB)
            element.set("albumPeak", album.linearPeak)
        }
        return element
    }

    func album(_ album: PlayerAlbum) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("id", album.id)
        element.set("name", album.title)
        element.set("artist", album.artistName)
        element.set("artistId", album.artistID)
        element.set("coverArt", album.hasArtwork ? album.id : nil)
        element.set("songCount", album.songCount)
        element.set("duration", Self.seconds(album.durationMs))
        element.set("playCount", album.playCount)
        element.set("created", album.boughtAt)
        element.set("starred", album.starredAt)
        element.set("year", album.year)
        element.set("genre", album.genre)
        element.set("played", album.lastPlayedAt)
        return element
    }

    /// An album as a folder entry (`getMusicDirectory`, `getAlbumList`).
    func albumChild(_ album: PlayerAlbum) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("id", album.id)
        element.set("parent", album.artistID)
        element.set("isDir", true)
        element.set("title", album.title)
        element.set("album", album.title)
        element.set("artist", album.artistName)
        element.set("year", album.year)
        element.set("genre", album.genre)
        element.set("coverArt", album.hasArtwork ? album.id : nil)
        element.set("duration", Self.seconds(album.durationMs))
        element.set("playCount", album.playCount)
        element.set("created", album.boughtAt)
        element.set("starred", album.starredAt)
        element.set("albumId", album.id)
        element.set("artistId", album.artistID)
        return element
    }

    func artist(_ artist: PlayerArtist) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("id", artist.id)
        element.set("name", artist.name)
        element.set("coverArt", artist.id)
        element.set("albumCount", artist.albumCount)
        return element
    }

    /// Artists grouped under their index letter ("#" for anything not a letter), leading articles
    /// ignored.
    func index(_ artists: [PlayerArtist]) -> [SubsonicElement] {
        var groups: [(String, [SubsonicElement])] = []
        for artist in artists {
            let letter = Self.indexLetter(artist.name)
            if groups.last?.0 == letter {
                groups[groups.count - 1].1.append(self.artist(artist))
            } else {
                groups.append((letter, [self.artist(artist)]))
            }
        }
        let merged = Dictionary(groups, uniquingKeysWith: +)
        return merged.keys.sorted().map { letter in
            var element = SubsonicElement()
            element.set("name", letter)
            element.add("artist", list: merged[letter] ?? [])
            return element
        }
    }

    static let ignoredArticles = ["The", "El", "La", "Los", "Las", "Le", "Les"]

    static func indexLetter(_ name: String) -> String {
        var text = Substring(name)
        for article in ignoredArticles where text.lowercased().hasPrefix(article.lowercased() + " ") {
            text = text.dropFirst(article.count + 1)
            break
        }
        guard let first = SearchText.normalize(String(text)).first, first.isLetter else { return "#" }
        return String(first).uppercased()
    }

    static func seconds(_ milliseconds: Int) -> Int { Int((Double(milliseconds) / 1000).rounded()) }

    /// The file name's extension, lower-cased ("" when none).
    static func suffix(_ path: String) -> String {
        let name = path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private func fileSize(_ relativePath: String) -> Int? {
        var info = stat()
        guard stat(mediaRoot + relativePath, &info) == 0 else { return nil }
        return Int(info.st_size)
    }
}
