import Testing

@testable import SoTubeCore

@Suite struct SearchTextTests {
    @Test func foldsCaseAndDiacritics() {
        #expect(SearchText.normalize("Björk") == "bjork")
        #expect(SearchText.normalize("ЁЛКА") == "елка")
        #expect(SearchText.normalize("Mötley Crüe") == "motley crue")
        #expect(SearchText.normalize("Beyoncé") == SearchText.normalize("BEYONCE"))
    }

    @Test func keepsCyrillicShortIAsItsOwnLetter() {
        #expect(SearchText.normalize("Мой") == "мой")
        #expect(SearchText.normalize("мой") != SearchText.normalize("мои"))
        // A decomposed й (и + combining breve) is the same letter.
        #expect(SearchText.normalize("\u{438}\u{306}") == "й")
        // Both Cyrillic rules and Latin folding in one name.
        #expect(SearchText.normalize("Йошкар-Ола: Ёлка, Café") == "йошкар ола елка cafe")
    }

    /// ASCII text takes a short way; it must give what the general rule gives.
    @Test func asciiTextGivesTheWordsTheGeneralRuleGives() {
        let every = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        var texts = [every, "AC/DC — x", "Hells Bells!", "  ", "", "R.E.M.", "50 Cent", "a_b-c", "\tTab\nLine"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            texts.append(
                String((0..<12).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0..<128, using: &generator))) }))
        }
        for text in texts where text.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(SearchText.asciiWords(text) == SearchText.foldedWords(text), "\(text.debugDescription)")
        }
        #expect(SearchText.asciiWords("Björk") == nil)
        #expect(SearchText.words("Björk, Jóga") == ["bjork", "joga"])
    }

    @Test func splitsWordsOnPunctuation() {
        #expect(SearchText.words("AC/DC — Hells Bells!") == ["ac", "dc", "hells", "bells"])
        #expect(SearchText.words("  ") == [])
    }

    @Test func queriesBecomePrefixTermsThatCannotBreakQuoting() {
        let query = SearchQuery("  Björk \"gud* OR ")
        #expect(query.terms == ["bjork", "gud", "or"])
        // Every word is a prefix, as typed ("lovel son" finds "Lovely Song").
        #expect(query.isPrefix(0) && query.isPrefix(1) && query.isPrefix(2))
        #expect(SearchQuery("bjo").isPrefix(0))
        #expect(SearchQuery("!!! ???").isEmpty)
        #expect(SearchQuery(String(repeating: "a ", count: 50)).terms.count == SearchText.maxTerms)
    }
}

@Suite struct LibraryOrderTests {
    func track(_ id: String, _ title: String, artist: String, album: String, disc: Int = 1, number: Int) -> CatalogTrack
    {
        CatalogTrack(
            id: id, title: title, artistID: "id-" + artist, artistName: artist, albumID: "id-" + album,
            albumTitle: album, trackNumber: number, discNumber: disc, durationMs: 1, genre: nil, explicit: false,
            price: 1)
    }

    @Test func songsDefaultToArtistAlbumDiscAndTrackNumber() {
        let songs = [
            track("1", "Zulu", artist: "Björk", album: "Post", number: 2),
            track("2", "Alpha", artist: "abba", album: "Gold", number: 1),
            track("3", "Army", artist: "Björk", album: "Post", number: 1),
            track("4", "Echo", artist: "Björk", album: "Debut", disc: 2, number: 1),
            track("5", "Delta", artist: "Björk", album: "Debut", disc: 1, number: 9),
        ]
        #expect(LibraryOrder.songs(songs, by: .default).map(\.id) == ["2", "5", "4", "3", "1"])
        #expect(LibraryOrder.songs(songs, by: .name).map(\.title) == ["Alpha", "Army", "Delta", "Echo", "Zulu"])
    }

    @Test func albumsByArtistOrByName() {
        func album(_ id: String, _ title: String, _ artist: String, _ year: Int) -> CatalogAlbum {
            CatalogAlbum(
                id: id, title: title, artistID: "id-" + artist, artistName: artist, releaseDate: nil, year: year,
                genre: nil, operatorPrice: nil, trackCount: 1, trackPriceSum: 1, explicit: false)
        }
        let albums = [
            album("1", "Post", "Björk", 1995), album("2", "Gold", "ABBA", 1992), album("3", "Debut", "björk", 1993),
        ]
        // Björk and björk are different artist ids with the same name key: kept apart, stable.
        #expect(LibraryOrder.albums(albums, by: .artist).map(\.id) == ["2", "1", "3"])
        #expect(LibraryOrder.albums(albums, by: .name).map(\.title) == ["Debut", "Gold", "Post"])
    }
}
