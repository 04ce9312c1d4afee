import Foundation
import SoTubeCore
import SoTubeMedia
import Testing

/// Real music nobody here made: Debian's asc-music (MP3), xblast-tnt-musics (headerless 8-bit PCM
/// that ffprobe cannot read without hints) and fb-music-high (an XM tracker module). CI installs
/// the packages; the files are copied from where `dpkg -L` says they are.
@Suite(.serialized) struct DebianMusicTests {
    static let packages = ["asc-music", "xblast-tnt-musics", "fb-music-high"]

    static func files(of package: String) throws -> [String] {
        let data = try ChildProcess.run("/usr/bin/dpkg", ["-L", package], timeout: 60).stdout
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            path in
            var isDirectory: ObjCBool = false
            return !path.contains("/doc/")
                && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    @Test func importsTheDebianMusicPackages() async throws {
        let h = try await MediaHarness.make()
        let music = h.directory.appendingPathComponent("debian")
        var expected = 0
        for package in Self.packages {
            let files = try Self.files(of: package)
            try #require(
                !files.isEmpty, "install the Debian package \(package) (apt-get install -y \(package))")
            let folder = music.appendingPathComponent(package)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(
                    atPath: file,
                    toPath: folder.appendingPathComponent((file as NSString).lastPathComponent).path)
                expected += 1
            }
        }
        let report = try await h.importer().importFolder(music)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.imported.count == expected)
        let rows = try await h.rows()
        #expect(rows.count == expected)
        let byTitle = Dictionary(uniqueKeysWithValues: rows.map { ($0.title, $0) })
        // Untagged: titles and albums come from file and folder names.
        let frontiers = try #require(byTitle["frontiers"])
        #expect(frontiers.album == "asc-music" && frontiers.mediaType == "audio/mpeg")
        let xblast = try #require(
            byTitle["xbsng1"], "headerless PCM is read as unsigned 8-bit stereo 22050 Hz")
        #expect(abs(xblast.durationMs - 55_086) < 200)
        #expect(xblast.mediaType == "audio/mpeg")
        let module = try #require(byTitle["frozen-mainzik-2p"], "the XM module is rendered")
        #expect(module.durationMs > 150_000 && module.mediaType == "audio/mpeg")
        for row in rows {
            let preview = try await h.duration(h.mediaRoot.appendingPathComponent(row.previewPath))
            // 30 s, or half the song when it is shorter than a minute (some XBlast songs last 19 s).
            let expected = min(30, Double(row.durationMs) / 2000)
            #expect(
                preview <= expected + 0.25 && preview >= expected - 1,
                "\(row.title): preview \(preview) s of \(row.durationMs) ms")
            let full = try await h.duration(h.mediaRoot.appendingPathComponent(row.mediaPath))
            #expect(abs(full * 1000 - Double(row.durationMs)) < 1500, "\(row.title): full \(full) s")
        }
        let again = try await h.importer().importFolder(music)
        #expect(again.imported.isEmpty && again.updated.isEmpty && again.unchanged.count == expected)
        await h.close()
    }
}
