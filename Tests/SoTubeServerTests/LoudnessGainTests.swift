import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The loudness gain has one rule, the server's (`Loudness.playbackGainDB`): each song's JSON
/// carries the gain for the song and for its album, and the web player applies the number given.
@Suite struct LoudnessGainTests {
    func track(_ loudness: Loudness?, album: Loudness?) -> TrackDTO {
        var track = CatalogTrack(
            id: "t1", title: "Quiet", artistID: "ar1", artistName: "A", albumID: "al1", albumTitle: "B",
            trackNumber: 1, discNumber: 1, durationMs: 60_000, genre: nil, explicit: false, price: 10)
        track.loudness = loudness
        track.albumLoudness = album
        return TrackDTO(track, owned: false, preview: PreviewPolicy(seconds: 30))
    }

    @Test func aSongCarriesItsTrackAndAlbumGain() throws {
        // -24 LUFS would take +10 dB to reach -14, but its peak (-6 dBTP) allows +5 only.
        let song = Loudness(integratedLUFS: -24, truePeakDB: -6)
        let album = Loudness(integratedLUFS: -12.37, truePeakDB: -2)
        let loudness = try #require(track(song, album: album).loudness)
        #expect(loudness.trackGainDb == 5)
        #expect(loudness.albumGainDb == -1.63)
        #expect(try #require(track(song, album: nil).loudness).albumGainDb == nil)
        #expect(track(nil, album: album).loudness == nil, "not measured yet: no gain, the player plays at unity")
    }
}
