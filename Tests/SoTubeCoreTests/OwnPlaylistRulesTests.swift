import SoTubeCore
import Testing

/// What an own playlist may be called and hold (issue 32 #17).
@Suite struct OwnPlaylistRulesTests {
    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try OwnPlaylistRules.name("  Road trip \n") == "Road trip")
        #expect(throws: DomainError.invalid(field: "name", reason: "A playlist needs a name.")) {
            try OwnPlaylistRules.name(" \t ")
        }
        #expect(try OwnPlaylistRules.name(String(repeating: "я", count: 100)).count == 100)
        #expect(throws: DomainError.self) { try OwnPlaylistRules.name(String(repeating: "a", count: 101)) }
        #expect(throws: DomainError.self) { try OwnPlaylistRules.name("Road\u{0}trip") }
    }

    @Test func songsAreKeptOnceInOrderUpToTheLimit() throws {
        #expect(try OwnPlaylistRules.songs(["b", "a", "b", "c", "a"]) == ["b", "a", "c"])
        #expect(throws: DomainError.self) { try OwnPlaylistRules.songs([""]) }
        let many = (0...OwnPlaylistRules.songLimit).map { "s\($0)" }
        #expect(throws: DomainError.invalid(field: "trackIds", reason: "A playlist holds at most 1000 songs.")) {
            try OwnPlaylistRules.songs(many)
        }
        #expect(try OwnPlaylistRules.appending(["c", "a", "d"], to: ["a", "b"]) == ["a", "b", "c", "d"])
        #expect(throws: DomainError.self) { try OwnPlaylistRules.appending(["x"], to: Array(many.dropLast())) }
    }

    @Test func placesRemovedAreThePlacesGiven() throws {
        #expect(try OwnPlaylistRules.removing(indexes: [0, 2, 2], from: ["a", "b", "c", "d"]) == ["b", "d"])
        #expect(try OwnPlaylistRules.removing(indexes: [], from: ["a"]) == ["a"])
        #expect(throws: DomainError.self) { try OwnPlaylistRules.removing(indexes: [4], from: ["a"]) }
        #expect(throws: DomainError.self) { try OwnPlaylistRules.removing(indexes: [-1], from: ["a"]) }
    }
}
