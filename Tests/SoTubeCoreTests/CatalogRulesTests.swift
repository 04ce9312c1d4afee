import SoTubeCore
import Testing

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
