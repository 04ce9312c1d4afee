import Foundation
import Testing

@testable import SoTubeMedia

/// The scan's album pictures: each album's made once, however many of its files ask, and no more
/// than the limit made at once (each is an ffmpeg); every file still gets its album's picture.
@Suite struct AlbumArtCacheTests {
    @Test func eachAlbumIsMadeOnceAndNoMoreThanTheLimitAtOnce() async throws {
        let cache = AlbumArtCache(limit: 2)
        let meter = Meter()
        let albums = (0..<6).map { "album \($0)" }
        let answers = await withTaskGroup(of: (String, String?).self) { group in
            for album in albums {
                for _ in 0..<3 {  // three files of each album ask at once
                    group.addTask {
                        let path = await cache.artwork(key: album) {
                            await meter.began(album)
                            await meter.waitForCompany()
                            try? await Task.sleep(nanoseconds: 30_000_000)  // the others ask meanwhile
                            await meter.ended()
                            return "artwork/\(album).jpg"
                        }
                        return (album, path)
                    }
                }
            }
            var answers: [(String, String?)] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 18)
        #expect(answers.allSatisfy { $0.1 == "artwork/\($0.0).jpg" })
        #expect(await meter.made.sorted() == albums)
        #expect(await meter.most <= 2)
        #expect(await meter.most == 2)  // the limit is a limit, not one at a time
    }
}

private actor Meter {
    var made: [String] = []
    var now = 0
    var most = 0

    func began(_ album: String) {
        made.append(album)
        now += 1
        most = max(most, now)
    }

    func ended() { now -= 1 }

    /// Returns once two pictures have been made at the same moment, or after a second: with a
    /// limit of two, the first two albums keep each other company.
    func waitForCompany() async {
        for _ in 0..<100 where most < 2 {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
