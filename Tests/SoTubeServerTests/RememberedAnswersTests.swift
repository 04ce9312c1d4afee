import Foundation
import SoTubeCore
import Testing

@testable import SoTubeServer

/// What the server keeps in memory for `/rest` never outlives a change it has seen.
struct RememberedAnswersTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anAnswerIsKeptForItsLifetimeOnly() {
        let memo = ExpiringMemo<String>(lifetime: 5)
        memo.keep("alice", for: "key", now: start, loadedAt: memo.generation)
        #expect(memo.value("key", now: start.addingTimeInterval(4.9)) == "alice")
        #expect(memo.value("key", now: start.addingTimeInterval(5)) == nil)
        #expect(memo.value("other", now: start) == nil)
    }

    @Test func forgettingDropsAnswersAndOnesStillLoading() {
        let memo = ExpiringMemo<String>(lifetime: 5)
        memo.keep("alice", for: "a", now: start, loadedAt: memo.generation)
        memo.keep("bob", for: "b", now: start, loadedAt: memo.generation)
        let loading = memo.generation
        memo.forget { $0 == "alice" }
        #expect(memo.value("a", now: start) == nil)
        #expect(memo.value("b", now: start) == "bob")
        // Read from the store before the revoke, answered after it: not kept.
        memo.keep("alice", for: "a", now: start, loadedAt: loading)
        #expect(memo.value("a", now: start) == nil)
        memo.update { $0 = $0.uppercased() }
        #expect(memo.value("b", now: start) == "BOB")
    }

    @Test func aBearerTokenLosesOnlyTheBlanksAroundIt() {
        #expect(AuthMiddleware.trimmed("Bearer abc".utf8.dropFirst(7)) == "abc")
        #expect(AuthMiddleware.trimmed("bearer \t abc-d_e \t".utf8.dropFirst(7)) == "abc-d_e")
        #expect(AuthMiddleware.trimmed("Bearer    ".utf8.dropFirst(7)) == "")
        #expect(AuthMiddleware.trimmed("Bearer a b".utf8.dropFirst(7)) == "a b")
    }

    @Test func aStoredPathIsTheSameFileURLEveryTime() {
        let paths = MediaPaths(root: URL(fileURLWithPath: "/srv/media"), capacity: 2)
        let first = paths.url("tracks/ab/full.mp3")
        #expect(first.path == "/srv/media/tracks/ab/full.mp3")
        #expect(paths.url("tracks/ab/full.mp3") == first)
        _ = paths.url("b")
        _ = paths.url("c")  // past capacity: the table starts again, the answers stay right
        #expect(paths.url("tracks/ab/full.mp3").path == "/srv/media/tracks/ab/full.mp3")
    }

    @Test func aSearchPagesThroughTheMatchesInTheListsOrder() throws {
        let names = ["Aurora", "Brass Band", "Brassens", "Dune", "Grass Roots", "Brás"]
        let list = OwnedList(names) { [$0] }
        let search = SearchQuery("BRAS")
        #expect(Array(list.page(0, 2, matching: search)) == ["Brass Band", "Brassens"])
        #expect(Array(list.page(2, 2, matching: search)) == ["Brás"])
        #expect(Array(list.page(3, 2, matching: search)).isEmpty)
        #expect(Array(list.page(0, 10, matching: SearchQuery("rass"))).isEmpty)  // inside a word
        #expect(Array(list.page(0, 10, matching: SearchQuery("*"))).isEmpty)  // no word to look for
        #expect(Array(list.page(1, 3)) == ["Brass Band", "Brassens", "Dune"])
        #expect(Array(list.page(4, 10)) == ["Grass Roots", "Brás"])
    }

    /// As the web search: each word starts a word of some field, so words from the title and the
    /// artist find a song together; a word is not found across two.
    @Test func aSearchFoldsCaseAndAccentsAndTakesWordsFromEveryField() throws {
        let songs = [("Polar Night", "Aurora Test"), ("Halo", "Beyoncé"), ("Low Tide", "The Brass Ones")]
        let list = OwnedList(songs.map { "\($0.0)|\($0.1)" }) { $0.split(separator: "|").map(String.init) }
        #expect(Array(list.page(0, 10, matching: SearchQuery("brass"))) == ["Low Tide|The Brass Ones"])
        #expect(Array(list.page(0, 10, matching: SearchQuery("beyonce"))) == ["Halo|Beyoncé"])
        #expect(Array(list.page(0, 10, matching: SearchQuery("BEYONCÉ halo"))) == ["Halo|Beyoncé"])
        #expect(Array(list.page(0, 10, matching: SearchQuery("night aurora"))) == ["Polar Night|Aurora Test"])
        #expect(list.page(0, 10, matching: SearchQuery("nightaurora")).isEmpty)
    }
}
