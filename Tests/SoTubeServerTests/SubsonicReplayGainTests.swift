import Foundation
import SoTubeCore
import Testing

@testable import SoTubeServer

/// OpenSubsonic `replayGain` from the stored EBU R128 measurements, in both encodings.
@Suite struct SubsonicReplayGainTests {
    func song(loudness: Loudness?, album: Loudness?) -> CatalogTrack {
        var track = CatalogTrack(
            id: "t1", title: "Tone", artistID: "ar", artistName: "A", albumID: "al", albumTitle: "B", trackNumber: 1,
            discNumber: 1, durationMs: 60_000, genre: nil, explicit: false, price: 10)
        track.loudness = loudness
        track.albumLoudness = album
        return track
    }

    @Test func gainsAreTowardMinus18LUFSAndPeaksLinear() throws {
        let element = try #require(
            SubsonicItems.replayGain(
                song(
                    loudness: Loudness(integratedLUFS: -23.5, truePeakDB: -6.0206),
                    album: Loudness(integratedLUFS: -12, truePeakDB: 0))))
        var xml = ""
        SubsonicEncoding.xml(element, name: "replayGain", into: &xml)
        #expect(xml == "<replayGain trackGain=\"5.5\" trackPeak=\"0.5\" albumGain=\"-6\" albumPeak=\"1\"/>")
        var json = ""
        SubsonicEncoding.json(element, into: &json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Double])
        #expect(object == ["trackGain": 5.5, "trackPeak": 0.5, "albumGain": -6, "albumPeak": 1])
    }

    @Test func anUnmeasuredSongHasNone() {
        #expect(SubsonicItems.replayGain(song(loudness: nil, album: nil)) == nil)
        let trackOnly = SubsonicItems.replayGain(
            song(loudness: Loudness(integratedLUFS: -18, truePeakDB: -1), album: nil))
        var xml = ""
        if let trackOnly { SubsonicEncoding.xml(trackOnly, name: "replayGain", into: &xml) }
        #expect(xml == "<replayGain trackGain=\"0\" trackPeak=\"0.8913\"/>")
    }
}
