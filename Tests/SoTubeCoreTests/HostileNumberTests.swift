import Foundation
import SoTubeCore
import Testing

/// Numbers from requests and from imported files that once trapped the process (`Int(someDouble)`
/// out of range) are refused or bounded instead.
@Suite struct HostileNumberTests {
    @Test func aMomentPastTheLargestIntegerIsNoTime() {
        for huge in ["1e19", "1e308", "9.3e18", "18446744073709551616"] {
            #expect(SharedMoment.seconds(huge) == nil, "\(huge)")
        }
        #expect(SharedMoment.seconds("1e3") == 1000)
        #expect(SharedMoment.seconds("-0") == 0)
    }

    @Test func aLengthNoSongHasGivesNoMilliseconds() {
        #expect(TagMapping.durationMs(seconds: 83.25) == 83_250)
        for bad in [Double.nan, .infinity, -.infinity, -1, 0, 4.6e18, 1e300, TagMapping.longestSeconds + 1] {
            #expect(TagMapping.durationMs(seconds: bad) == 0, "\(bad)")
            #expect(
                TagMapping.metadata(tags: [:], relativePath: ["a.mp3"], rootName: "r", durationSeconds: bad).durationMs
                    == 0)
        }
    }

    @Test func aLoudnessSummaryWithoutAFiniteLevelIsNoMeasurement() {
        func summary(_ integrated: String, _ peak: String) -> String {
            "Summary:\n\n  Integrated loudness:\n    I: \(integrated) LUFS\n\n  True peak:\n    Peak: \(peak) dBFS\n"
        }
        #expect(Loudness.parseEBUR128Summary(summary("-14.2", "-1.0"))?.storedLoudness == -1420)
        #expect(Loudness.parseEBUR128Summary(summary("-inf", "-inf"))?.storedLoudness == -12000)
        #expect(Loudness.parseEBUR128Summary(summary("inf", "0.0")) == nil)
        #expect(Loudness.parseEBUR128Summary(summary("nan", "0.0")) == nil)
        #expect(Loudness.parseEBUR128Summary(summary("99999", "0.0")) == nil)
        // A peak that is no level counts as none (0), and storing the pair does not trap.
        #expect(Loudness.parseEBUR128Summary(summary("-14.0", "nan"))?.storedPeak == 0)
    }
}

/// Issue 28 review: a log-in with a megabyte-long name made throttle rows of a megabyte each (the
/// account-wide ceiling keeps them a day). Long keys are stored as their digest, short ones as they are.
@Suite struct ThrottleKeyLengthTests {
    @Test func aHugeNameMakesAShortKey() {
        let name = String(repeating: "a", count: 1_000_000)
        let keys = ThrottlePolicy().loginKeys(account: name, client: "10.0.0.1", ownDevice: nil, ownAddress: false)
        #expect(keys.allSatisfy { $0.key.utf8.count <= ThrottleKey.maxStoredLength })
        #expect(keys.map { $0.key.prefix { $0 != ":" } } == ["login", "login-client", "login-account"])
        let again = ThrottlePolicy().loginKeys(account: name, client: "10.0.0.1", ownDevice: nil, ownAddress: false)
        #expect(keys == again, "the same name counts on the same keys")
        let other = ThrottlePolicy().loginKeys(
            account: name + "b", client: "10.0.0.1", ownDevice: nil, ownAddress: false)
        #expect(keys[0].key != other[0].key)
        #expect(
            ThrottleKey("login:ann|10.0.0.1", ThrottlePolicy().loginPerAccountAndClient).key == "login:ann|10.0.0.1")
    }
}
