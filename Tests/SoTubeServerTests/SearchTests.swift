import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct SearchTests {
    @Test func guestsSearchEveryKindCaseAndDiacriticInsensitively() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let results = try await client.json(.get, "/api/v1/search?q=bjork").decode(SearchResultsDTO.self)
            #expect(results.query == "bjork")
            #expect(results.artists.map(\.name) == ["Björk"])
            #expect(Set(results.albums.map(\.id)) == ["al1", "al2"])
            #expect(results.tracks.count == 5)
            #expect(results.tracks.allSatisfy { !$0.owned && $0.price > 0 })
            let cyrillic = try await client.json(.get, "/api/v1/search?q=\(q("ЁЛКА"))").decode(SearchResultsDTO.self)
            #expect(cyrillic.artists.map(\.name) == ["Ёлка"])
            let volume = try await client.json(.get, "/api/v1/search?q=nord").decode(SearchResultsDTO.self)
            #expect(volume.playlists.map(\.id) == ["pl1"])
            let blank = try await client.json(.get, "/api/v1/search?q=%20").decode(SearchResultsDTO.self)
            #expect(blank.artists.isEmpty && blank.tracks.isEmpty)
        }
    }

    @Test func aMistypedWordIsCorrectedWhenNothingIsFound() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            // "Bachelorette" typed with two letters swapped, and "bjork" with a slip as a second word.
            let typo = try await client.json(.get, "/api/v1/search?q=bachleorette").decode(SearchResultsDTO.self)
            #expect(typo.query == "bachleorette" && typo.correctedQuery == "bachelorette")
            #expect(typo.tracks.map(\.id) == ["t3"])
            let two = try await client.json(.get, "/api/v1/search?q=\(q("Bachelorette bjrok"))").decode(
                SearchResultsDTO.self)
            #expect(two.correctedQuery == "bachelorette bjork" && two.tracks.map(\.id) == ["t3"])
            // Found as typed: nothing corrected, nothing said.
            let right = try await client.json(.get, "/api/v1/search?q=bachelor").decode(SearchResultsDTO.self)
            #expect(right.correctedQuery == nil && right.tracks.map(\.id) == ["t3"])
            // Nothing close: an empty answer, no correction claimed.
            let none = try await client.json(.get, "/api/v1/search?q=qqqqqqq").decode(SearchResultsDTO.self)
            #expect(none.correctedQuery == nil && none.tracks.isEmpty && none.artists.isEmpty)
        }
    }

    @Test func filtersLimitsAndPages() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let all = try await client.json(.get, "/api/v1/search?q=black").decode(SearchResultsDTO.self)
            #expect(all.tracks.map(\.id) == ["t8", "t7"])
            let clean = try await client.json(.get, "/api/v1/search?q=black&explicit=false").decode(
                SearchResultsDTO.self)
            #expect(clean.tracks.map(\.id) == ["t8"])  // t7 is explicit
            #expect(clean.albums.isEmpty)  // al4 holds an explicit song
            let first = try await client.json(.get, "/api/v1/search?q=black&limit=1").decode(SearchResultsDTO.self)
            let second = try await client.json(.get, "/api/v1/search?q=black&limit=1&offset=1")
                .decode(SearchResultsDTO.self)
            #expect(first.tracks.map(\.id) == ["t8"])
            #expect(second.tracks.map(\.id) == ["t7"])
        }
    }

    @Test func badParametersAreProblemsNamingTheParameter() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            try await client.json(.get, "/api/v1/search").expectProblem(.unprocessableContent, field: "q")
            for bad in ["limit=0", "limit=101", "limit=ten"] {
                try await client.json(.get, "/api/v1/search?q=a&\(bad)").expectProblem(
                    .unprocessableContent, field: "limit")
            }
            try await client.json(.get, "/api/v1/search?q=a&offset=-1").expectProblem(
                .unprocessableContent, field: "offset")
            try await client.json(.get, "/api/v1/search?q=a&explicit=maybe")
                .expectProblem(.unprocessableContent, field: "explicit")
            try await client.json(.get, "/api/v1/search/suggestions?q=a&explicit=maybe")
                .expectProblem(.unprocessableContent, field: "explicit")
        }
    }

    @Test func searchResultsShowWhatTheCallerOwns() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            try await app.own(["t8"], username: "alice")
            let results = try await client.json(.get, "/api/v1/search?q=back", token: token).decode(
                SearchResultsDTO.self)
            #expect(results.tracks.first { $0.id == "t8" }?.owned == true)
            #expect(results.tracks.first { $0.id == "t7" }?.owned == false)
        }
    }

    @Test func historyKeepsTheLastFiveQueriesPerUser() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            try await client.json(.get, "/api/v1/search/history").expectProblem(.unauthorized)
            try await client.json(.delete, "/api/v1/search/history").expectProblem(.unauthorized)
            let token = try await client.register("alice")
            for text in ["b", "bj", "bjork", "hunter", "abba", "queen", "muse", "joga"] {
                app.clock.advance(by: 1)
                #expect(try await client.json(.get, "/api/v1/search?q=\(text)", token: token).status == .ok)
            }
            // Guests' searches are not recorded anywhere.
            try await client.json(.get, "/api/v1/search?q=guest")
            let history = try await client.json(.get, "/api/v1/search/history", token: token).decode(
                SearchHistoryDTO.self)
            #expect(history.queries == ["joga", "muse", "queen", "abba", "hunter"])
            let bob = try await client.register("bob")
            #expect(
                try await client.json(.get, "/api/v1/search/history", token: bob).decode(SearchHistoryDTO.self).queries
                    .isEmpty)
            #expect(try await client.json(.delete, "/api/v1/search/history", token: token).status == .noContent)
            #expect(
                try await client.json(.get, "/api/v1/search/history", token: token).decode(SearchHistoryDTO.self)
                    .queries.isEmpty)
        }
    }

    @Test func suggestionsComeFromHistoryThenTheCatalog() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            try await client.json(.get, "/api/v1/search?q=back%20in", token: token)
            let mine = try await client.json(.get, "/api/v1/search/suggestions?q=ba", token: token)
                .decode(SearchSuggestionsDTO.self)
            #expect(mine.queries.first == "back in")
            #expect(mine.queries.contains("Back in Black"))
            #expect(mine.queries.contains("Bachelorette"))
            let guest = try await client.json(.get, "/api/v1/search/suggestions?q=\(q("ёл"))").decode(
                SearchSuggestionsDTO.self)
            #expect(guest.queries == ["Ёлка"])
            let empty = try await client.json(.get, "/api/v1/search/suggestions", token: token).decode(
                SearchSuggestionsDTO.self)
            #expect(empty.queries == ["back in"])
        }
    }
}
