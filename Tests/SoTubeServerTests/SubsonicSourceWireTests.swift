import Foundation
import SoTubeCore
import Testing

@testable import SoTubeServer

/// What a catalog source reads of upstream Subsonic answers: servers differ (ids as numbers in older
/// ones, numbers as strings, lists left out when empty), none of which may stop a sync or trap.
@Suite struct SubsonicSourceWireTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(SubsonicWire.Envelope<T>.self, from: Data(json.utf8)).response
    }

    @Test func anAlbumsSongsBecomeRemoteSongsWhateverTheirNumbersLookLike() throws {
        let album = try decode(
            SubsonicWire.AlbumBody.self,
            """
            {"subsonic-response": {"status": "ok", "album": {"id": 17, "name": "Double Set", "artist": "Various Artists",
              "coverArt": "al-17", "year": "2001", "song": [
                {"id": 5, "title": "Third", "artist": "Ann Lee", "track": "1", "discNumber": 2, "size": 123456,
                 "suffix": "MP3", "duration": 33.4, "genre": "Pop"},
                {"id": "v1", "title": "A video", "isVideo": true},
                {"id": "x", "title": "Huge", "track": 1e300, "size": "lots", "duration": -1}]}}}
            """
        ).album
        let songs = album.song?.map { SubsonicWire.remoteSong($0, album: album) } ?? []
        #expect(songs.count == 3)
        let third = songs[0]
        #expect(third.id == "5" && third.albumID == "17" && third.album == "Double Set")
        #expect(third.albumArtist == "Various Artists" && third.artist == "Ann Lee")
        #expect(third.trackNumber == 1 && third.discNumber == 2 && third.year == 2001 && third.genre == "Pop")
        #expect(third.size == 123_456 && third.suffix == "mp3" && third.durationSeconds == 33)
        #expect(third.coverArtID == "al-17")
        // Out-of-range and unreadable numbers are taken as missing, not trapped on.
        #expect(songs[2].trackNumber == 0 && songs[2].size == 0)
        #expect(album.song?[1].isVideo == true)
    }

    @Test func anErrorAnswerAndAMissingListAreRead() throws {
        #expect(throws: (any Error).self) {
            try SubsonicSource.checkStatus(
                Data(
                    #"{"subsonic-response": {"status": "failed", "error": {"code": 40, "message": "Wrong username or password."}}}"#
                        .utf8), method: "ping")
        }
        #expect(throws: SourceError.self) { try SubsonicSource.checkStatus(Data("<html>".utf8), method: "ping") }
        try SubsonicSource.checkStatus(Data(#"{"subsonic-response": {"status": "ok"}}"#.utf8), method: "ping")
        let empty = try decode(
            SubsonicWire.AlbumListBody.self, #"{"subsonic-response": {"status": "ok", "albumList2": {}}}"#)
        #expect(empty.albumList2?.album == nil)
    }

    @Test func requestsCarryTheSignInAndEncodeWhatServersMisread() throws {
        let source = SubsonicSource(base: "https://music.example.com/sub", user: "bob", secret: "pw", auth: .password)
        let request = try source.request("getAlbum", ["id": "a+b c"], signed: true)
        let url = try #require(request.url?.absoluteString)
        #expect(url.hasPrefix("https://music.example.com/sub/rest/getAlbum?v=1.16.1&c=SoTube&f=json&u=bob&t="))
        #expect(url.contains("&id=a%2Bb%20c") || url.contains("&id=a%2Bb+c"))
        let unsigned = try source.request("getOpenSubsonicExtensions", [:], signed: false)
        #expect(unsigned.url?.query?.contains("u=") == false)
    }
}
