import Foundation
import Testing

@testable import SoTubeCore

@Suite struct PathTagsTests {
    @Test func artistAlbumAndNumberedTitleComeFromThePath() {
        let meta = PathTags.guess(
            relativePath: ["Nina Simone", "Pastel Blues", "07 Sinnerman.mp3"], rootName: "music")
        #expect(meta.artist == "Nina Simone")
        #expect(meta.album == "Pastel Blues")
        #expect(meta.title == "Sinnerman")
        #expect(meta.trackNumber == 7)
        #expect(meta.discNumber == 1)
    }

    @Test func discTrackAndSeparators() {
        let meta = PathTags.guess(relativePath: ["A", "B", "2-03 - Foo_Bar.flac"], rootName: "r")
        #expect(meta.discNumber == 2)
        #expect(meta.trackNumber == 3)
        #expect(meta.title == "Foo Bar")
        let dotted = PathTags.guess(relativePath: ["A", "B", "12. It's \"Quoted\".ogg"], rootName: "r")
        #expect(dotted.trackNumber == 12)
        #expect(dotted.title == "It's \"Quoted\"")
    }

    @Test func numbersThatAreTitlesStayTitles() {
        #expect(PathTags.guess(relativePath: ["A", "B", "1979.mp3"], rootName: "r").title == "1979")
        #expect(PathTags.guess(relativePath: ["A", "B", "1979.mp3"], rootName: "r").trackNumber == 0)
        #expect(
            PathTags.guess(relativePath: ["A", "B", "2Pac Song.mp3"], rootName: "r").title == "2Pac Song")
    }

    @Test func shallowPathsUseTheRootAndArtistDashTitle() {
        let meta = PathTags.guess(relativePath: ["frontiers.mp3"], rootName: "asc-music")
        #expect(meta.album == "asc-music")
        #expect(meta.artist == TagMapping.unknownArtist)
        #expect(meta.title == "frontiers")
        let dashed = PathTags.guess(relativePath: ["Björk - Jóga.mp3"], rootName: "inbox")
        #expect(dashed.artist == "Björk")
        #expect(dashed.title == "Jóga")
        let oneFolder = PathTags.guess(relativePath: ["Ёлка", "песня.mp3"], rootName: "root")
        #expect(oneFolder.artist == TagMapping.unknownArtist)
        #expect(oneFolder.album == "Ёлка")
    }
}

@Suite struct TagMappingTests {
    @Test func tagsWinOverThePathAndAreNormalised() {
        let tags = [
            "TITLE": "Real Title", "ARTIST": "Someone", "album_artist": "Various", "ALBUM": "Hits",
            "track": "3/12", "disc": "2/2", "date": "2004-05-01", "GENRE": "Jazz", "ITUNESADVISORY": "1",
        ]
        let meta = TagMapping.metadata(
            tags: tags, relativePath: ["X", "Y", "01 Other.mp3"], rootName: "r", durationSeconds: 61.2345)
        #expect(meta.title == "Real Title")
        #expect(meta.artist == "Someone")
        #expect(meta.albumArtist == "Various")
        #expect(meta.album == "Hits")
        #expect(meta.trackNumber == 3)
        #expect(meta.discNumber == 2)
        #expect(meta.year == 2004)
        #expect(meta.releaseDate == "2004-05-01")
        #expect(meta.genre == "Jazz")
        #expect(meta.explicit)
        #expect(meta.durationMs == 61235)
    }

    @Test func blankTagsFallBackToThePath() {
        let meta = TagMapping.metadata(
            tags: ["title": "  ", "year": "1999"], relativePath: ["Art", "Alb", "05 Song.ogg"],
            rootName: "r",
            durationSeconds: 10)
        #expect(meta.title == "Song")
        #expect(meta.artist == "Art")
        #expect(meta.year == 1999)
        #expect(meta.releaseDate == nil)
        #expect(!meta.explicit)
    }
}

@Suite struct ImportRulesTests {
    let known = KnownSource(trackID: "t1", size: 100, mtime: 5, mediaPath: "a", previewPath: "b")

    @Test func decisions() {
        #expect(ImportDecision.decide(known: nil, size: 100, mtime: 5, renditionsExist: false) == .new)
        #expect(
            ImportDecision.decide(known: known, size: 100, mtime: 5, renditionsExist: true) == .unchanged)
        #expect(
            ImportDecision.decide(known: known, size: 101, mtime: 5, renditionsExist: true)
                == .changed(trackID: "t1"))
        #expect(
            ImportDecision.decide(known: known, size: 100, mtime: 6, renditionsExist: true)
                == .changed(trackID: "t1"))
        #expect(
            ImportDecision.decide(known: known, size: 100, mtime: 5, renditionsExist: false)
                == .changed(trackID: "t1"))
        #expect(
            ImportDecision.decide(
                known: known, size: 100, mtime: 5, renditionsExist: true, previewFits: false)
                == .changed(trackID: "t1"), "a preview cut before the half-song rule is cut again")
    }

    @Test func browserPlayableFormats() {
        #expect(AudioFormatRules.isUniversallyPlayable(formatName: "mp3", codecName: "mp3"))
        #expect(
            AudioFormatRules.isUniversallyPlayable(
                formatName: "mov,mp4,m4a,3gp,3g2,mj2", codecName: "aac"))
        #expect(!AudioFormatRules.isUniversallyPlayable(formatName: "ogg", codecName: "vorbis"))
        #expect(!AudioFormatRules.isUniversallyPlayable(formatName: "flac", codecName: "flac"))
        #expect(
            !AudioFormatRules.isUniversallyPlayable(
                formatName: "mov,mp4,m4a,3gp,3g2,mj2", codecName: "alac"))
    }

    @Test func previewPolicy() {
        let policy = PreviewPolicy()
        #expect(policy.seconds == 30)
        #expect(policy.fadeStart(duration: 200) == 28)
        #expect(policy.fadeStart(duration: 10) == 3, "a 10 s song: a 5 s preview fading from 3 s")
        #expect(PreviewPolicy.rendition(isOwner: false) == .preview)
        #expect(PreviewPolicy.rendition(isOwner: true) == .full)
    }

    @Test func rawPcmGuess() {
        let u8 = (0..<1000).map { UInt8(128 + Int(20 * sin(Double($0) / 5))) }
        #expect(AudioFormatRules.guessRawFormat(sample: u8).format == "u8")
        let s16 = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 97) }
        #expect(AudioFormatRules.guessRawFormat(sample: s16).format == "s16le")
    }

    @Test func stableHashIsStable() {
        #expect(StableHash.hex("") == "cbf29ce484222325")
        #expect(StableHash.hex("a/b.mp3") == StableHash.hex("a/b.mp3"))
        #expect(StableHash.hex("a/b.mp3") != StableHash.hex("a/c.mp3"))
        #expect(StableHash.hex("x").count == 16)
    }
}
