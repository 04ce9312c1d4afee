import Foundation
import SoTubeCore
import Testing

/// A catalog source's pure rules: what a sync fetches, the operator's input, sign-in and retries.
@Suite struct CatalogSourceRulesTests {
    func song(_ id: String, size: Int = 1000, title: String = "Song", genre: String? = "Rock") -> RemoteSong {
        RemoteSong(
            id: id, title: title, artist: "Artist", album: "Album", albumID: "al1", trackNumber: 1, genre: genre,
            durationSeconds: 30, size: size, suffix: "mp3")
    }

    @Test func aSyncFetchesOnlyNewAndChangedSongsAndListsTheRestAsPresent() {
        let kept = song("1")
        let retagged = song("2")
        var known: [String: SourceStamp] = [
            "source:home/1": SourceStamp(size: kept.size, version: kept.version),
            "source:home/2": SourceStamp(size: retagged.size, version: retagged.version),
            "source:home/gone": SourceStamp(size: 5, version: 5),
        ]
        known["source:home/2"]?.version += 1  // its tags changed upstream since
        let plan = SourceSyncPlan.make(
            source: "home", songs: [kept, retagged, song("3"), song("3"), song("4", size: -1)], known: known)
        #expect(plan.fetch.map(\.id) == ["2", "3"])
        #expect(plan.unchanged == 1)
        #expect(plan.skipped.map(\.song.id) == ["4"] && plan.skipped[0].reason.contains("missing upstream"))
        // The song gone from the listing and the one whose file is missing upstream are not present: withdrawn.
        #expect(plan.present == ["source:home/1", "source:home/2", "source:home/3"])
    }

    @Test func aSongsVersionFollowsItsFileAndTagsButNotItsOrderInTheListing() {
        let base = song("1")
        #expect(base.version == song("1").version)
        #expect(base.version != song("1", size: 1001).version)
        #expect(base.version != song("1", title: "Other").version)
        #expect(base.version != song("1", genre: nil).version)
        #expect((0..<(1 << 31)).contains(base.version))
    }

    @Test func upstreamPlaceholdersForMissingTagsAreTakenAsMissing() {
        var untagged = song("1", title: "", genre: "")
        untagged.artist = "[unknown]"
        untagged.albumArtist = "[unknown]"
        untagged.album = "[non-album tracks]"
        untagged.year = 20_001
        let metadata = untagged.metadata
        #expect(metadata.artist == TagMapping.unknownArtist && metadata.albumArtist == TagMapping.unknownArtist)
        #expect(metadata.album == TagMapping.unknownAlbum && metadata.title == "Untitled")
        #expect(metadata.genre == nil && metadata.year == nil)
        var compilation = song("2")
        compilation.albumArtist = "Various Artists"
        compilation.discNumber = 2
        #expect(compilation.metadata.albumArtist == "Various Artists" && compilation.metadata.discNumber == 2)
    }

    @Test func addressesNamesAndIntervalsAreChecked() throws {
        #expect(try SourceRules.parseAddress("subsonic+https://music.example.com/").base == "https://music.example.com")
        #expect(
            try SourceRules.parseAddress("subsonic+http://127.0.0.1:4533/navidrome/rest").base
                == "http://127.0.0.1:4533/navidrome")
        for bad in [
            "https://music.example.com", "webdav+https://x.org", "subsonic+ftp://x.org", "subsonic+https://",
            "subsonic+https://bob:pw@x.org", "subsonic+https://x.org/?u=bob",
        ] {
            #expect(throws: SourceError.self) { try SourceRules.parseAddress(bad) }
        }
        try SourceRules.checkName("home-2")
        for bad in ["", "Home", "a b", "-x", String(repeating: "a", count: 33), "ü"] {
            #expect(throws: SourceError.self) { try SourceRules.checkName(bad) }
        }
        #expect(try SourceRules.parseInterval("15m") == 900)
        #expect(try SourceRules.parseInterval("1d") == 86_400)
        for bad in ["15", "0m", "30s", "8d", "m", "-5m", "99999999999999999999h"] {
            #expect(throws: SourceError.self) { try SourceRules.parseInterval(bad) }
        }
        #expect(SourceRules.intervalText(900) == "15m" && SourceRules.intervalText(7200) == "2h")
    }

    @Test func signInUsesSubsonicTokensOrTheEncodedPasswordOrAnAPIKey() {
        // The Subsonic documentation's own example: md5("sesame" + "c19b2d").
        let tokens = SubsonicRules.credentials(
            auth: .password, user: "joe", secret: "sesame", salt: "c19b2d", tokens: true)
        #expect(tokens.map(\.0) == ["u", "t", "s"])
        #expect(tokens[1].1 == "26719a1196d2a940705a59634eb18eab")
        let password = SubsonicRules.credentials(
            auth: .password, user: "joe", secret: "sesame", salt: "x", tokens: false)
        #expect(password.map(\.1) == ["joe", "enc:736573616d65"])
        let key = SubsonicRules.credentials(auth: .apiKey, user: "", secret: "k1", salt: "x", tokens: true)
        #expect(key.map(\.0) == ["apiKey"] && key[0].1 == "k1")
        #expect(SubsonicRules.tokensUnsupported(code: 41) && SubsonicRules.tokensUnsupported(code: 10))
        #expect(!SubsonicRules.tokensUnsupported(code: 40))
    }

    @Test func upstreamErrorsAreWordedForTheOperator() {
        let wrong = SubsonicRules.error(code: 40, message: "Wrong username or password.", method: "ping")
        #expect(wrong.kind == .refused && wrong.message.contains("Subsonic error 40: Wrong username or password."))
        let download = SubsonicRules.error(code: 50, message: "", method: "download")
        #expect(download.kind == .refused && download.message.contains("may not download"))
        #expect(SubsonicRules.error(code: 70, message: "Not found", method: "getAlbum").kind == .unreadable)
    }

    @Test func retriesWaitLongerEachTimeAndOnlyForWhatMayPass() {
        let rules = RetryRules(attempts: 4, firstDelay: 0.5)
        #expect([1, 2, 3, 4].map { rules.delay(after: $0) } == [0.5, 1, 2, nil])
        #expect(rules.delay(after: 0) == nil)
        #expect(RetryRules.isRetryable(status: 503) && RetryRules.isRetryable(status: 429))
        #expect(!RetryRules.isRetryable(status: 404) && !RetryRules.isRetryable(status: 401))
    }

    @Test func aScheduledSourceIsDueOnceItsIntervalHasPassed() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var source = CatalogSourceRecord(
            name: "home", kind: "subsonic", url: "https://x.org", username: "u", auth: .password, sealedSecret: [],
            price: 10, parallel: 2, everySeconds: 900, createdAt: now)
        #expect(source.isDue(now: now))
        source.lastSync = SourceSyncSummary(status: .done, startedAt: now.addingTimeInterval(-899))
        #expect(!source.isDue(now: now))
        #expect(source.isDue(now: now.addingTimeInterval(1)))
        source.everySeconds = nil
        #expect(!source.isDue(now: now.addingTimeInterval(86_400)))
    }
}
