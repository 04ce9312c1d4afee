import Testing

@testable import SoTubeCore

/// Names of downloads, moments of shared links and what a profile photo upload may be.
struct OwnedMediaRulesTests {
    @Test func downloadNamesKeepUnicodeAndReplaceUnsafeCharacters() {
        #expect(DownloadName.song(artist: "Björk", title: "Jóga", fileExtension: "MP3") == "Björk - Jóga.mp3")
        #expect(
            DownloadName.song(artist: "AC/DC", title: "What? <Now>: \"Yes\"|No*", fileExtension: "m4a")
                == "AC_DC - What_ _Now__ _Yes__No_.m4a")
        #expect(DownloadName.song(artist: "  ..", title: "a\u{0}b\tc", fileExtension: "") == "Untitled - a_b c")
        #expect(DownloadName.song(artist: "Ёлка", title: "Прованс", fileExtension: "flac") == "Ёлка - Прованс.flac")
        #expect(DownloadName.clean(String(repeating: "x", count: 300)).count == 120)
        #expect(DownloadName.clean("../../etc/passwd") == "_.._etc_passwd")
    }

    @Test func downloadNamesDropDirectionOverridesAndOtherInvisibleFormatCharacters() {
        // Shown as "clip3pm.exe.jpg" with the override kept.
        #expect(
            DownloadName.song(artist: "A", title: "clip\u{202E}gpj.exe", fileExtension: "mp3") == "A - clipgpj.exe.mp3")
        let controls: [UInt32] = [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0xFEFF,
            0x2028, 0x2029,
        ]
        for value in controls {
            let scalar = Unicode.Scalar(value).map { String(Character($0)) } ?? ""
            #expect(DownloadName.clean("a\(scalar)b \(scalar) c") == "ab c", "U+\(String(value, radix: 16))")
            #expect(
                DownloadName.albumEntry(
                    trackNumber: 1, discNumber: 1, multiDisc: false, artist: "x\(scalar)", title: "y",
                    fileExtension: "mp3") == "01 - x - y.mp3")
            #expect(DownloadName.album(artist: "\(scalar)", title: "z") == "Untitled - z.zip")
        }
        // The joiners stay: scripts and emoji sequences need them.
        #expect(DownloadName.clean("می\u{200C}خواهم") == "می\u{200C}خواهم")
    }

    @Test func albumEntriesAreNumberedInTrackOrder() {
        #expect(
            DownloadName.albumEntry(
                trackNumber: 3, discNumber: 1, multiDisc: false, artist: "A", title: "B", fileExtension: "mp3")
                == "03 - A - B.mp3")
        #expect(
            DownloadName.albumEntry(
                trackNumber: 12, discNumber: 2, multiDisc: true, artist: "A", title: "B", fileExtension: "mp3")
                == "2-12 - A - B.mp3")
        #expect(DownloadName.album(artist: "Sigur Rós", title: "( )") == "Sigur Rós - ( ).zip")
        #expect(DownloadName.fileExtension(of: "tracks/ab12/full.M4A") == "m4a")
        #expect(DownloadName.fileExtension(of: "tracks/.hidden") == "")
    }

    @Test func contentDispositionHasAnASCIIFallbackAndTheExactUTF8Name() {
        let value = ContentDisposition.attachment(fileName: "Björk - 100% \"Jóga\".mp3")
        #expect(value.hasPrefix("attachment; filename=\"Bj_rk - 100_ _J_ga_.mp3\"; "))
        #expect(value.hasSuffix("filename*=UTF-8''Bj%C3%B6rk%20-%20100%25%20%22J%C3%B3ga%22.mp3"))
    }

    @Test func momentsAreReadInSeveralFormsAndKeptInsideWhatMayBeHeard() {
        #expect(SharedMoment.seconds("83") == 83)
        #expect(SharedMoment.seconds("83.9") == 83)
        #expect(SharedMoment.seconds("1:23") == 83)
        #expect(SharedMoment.seconds("1:01:01") == 3661)
        #expect(SharedMoment.seconds("1m23s") == 83)
        #expect(SharedMoment.seconds("2h") == 7200)
        for bad in ["", "-5", "soon", "1:xx", "1m23", "nan", "inf", String(repeating: "9", count: 40)] {
            #expect(SharedMoment.seconds(bad) == nil, "\(bad)")
        }
        #expect(SharedMoment.start(at: 12, durationMs: 200_000, previewSeconds: 30) == 12)
        #expect(SharedMoment.start(at: 30, durationMs: 200_000, previewSeconds: 30) == 0)
        #expect(SharedMoment.start(at: 83, durationMs: 200_000, previewSeconds: nil) == 83)
        #expect(SharedMoment.start(at: 999, durationMs: 200_000, previewSeconds: nil) == 199)
        #expect(SharedMoment.clock(83) == "1:23")
        #expect(SharedMoment.clock(3661) == "1:01:01")
    }

    @Test func uploadsAreRecognisedByTheirFirstBytesOnly() {
        #expect(ImageUpload.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageUpload.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageUpload.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        // HEIF's container is MP4's: an MP4 video with the brand mif1 is no picture to hand to ffmpeg.
        for brand in ["heic", "mif1", "msf1"] {
            #expect(ImageUpload.sniff([0, 0, 0, 24] + Array("ftyp\(brand)".utf8)) == nil)
            #expect(ImageUpload.looksLikeHEIF([0, 0, 0, 24] + Array("ftyp\(brand)".utf8)))
        }
        #expect(!ImageUpload.looksLikeHEIF([0, 0, 0, 24] + Array("ftypisom".utf8)))
        #expect(ImageUpload.sniff([0, 0, 0, 24] + Array("ftypisom".utf8)) == nil)  // an MP4 video
        #expect(ImageUpload.sniff(Array("GIF89a".utf8)) == nil)
        #expect(ImageUpload.sniff(Array("<svg xmlns=".utf8)) == nil)
        #expect(ImageUpload.sniff([]) == nil)
    }

    @Test func picturesTooLargeOrTooSmallAreRefusedBeforeDecoding() {
        #expect(ImageUpload.refusal(width: 4000, height: 3000) == nil)
        #expect(ImageUpload.refusal(width: 30000, height: 30000) != nil)
        #expect(ImageUpload.refusal(width: 7000, height: 7000) != nil)  // 49 megapixels
        #expect(ImageUpload.refusal(width: 12001, height: 100) != nil)
        #expect(ImageUpload.refusal(width: 8, height: 8) != nil)
    }
}
