import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

/// The SoTubeAPI wire types and route table: the JSON is the one clients already parse, and the
/// paths are the ones the server answers.
@Suite struct WireTypesTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    func json(_ value: some Encodable) throws -> String {
        String(decoding: try SoTubeJSON.encoder.encode(value), as: UTF8.self)
    }

    @Test func enumsEncodeAsTheStringsTheServerAlwaysSent() throws {
        let money = MoneyDTO(amount: 499, currency: "USD")
        #expect(
            try json(
                TopUpDTO(id: "u1", packId: "p1", coins: 550, price: money, status: .captured, createdAt: Self.date))
                == #"{"coins":550,"createdAt":"2023-11-14T22:13:20Z","id":"u1","packId":"p1","price":{"amount":499,"currency":"USD"},"status":"captured"}"#
        )
        #expect(
            try json(
                PurchaseDTO(
                    id: "b1", kind: .album, trackIds: ["t1"], albumId: "al1", title: "A/B", coins: 9, balanceAfter: 1,
                    createdAt: Self.date))
                == #"{"albumId":"al1","balanceAfter":1,"coins":9,"createdAt":"2023-11-14T22:13:20Z","id":"b1","kind":"album","title":"A/B","trackIds":["t1"]}"#
        )
        let entries = HistoryDTO(
            entries: HistoryEntryDTO.Kind.allCases.map {
                HistoryEntryDTO(
                    id: "e", kind: $0, description: "", coins: 1, money: nil, balanceAfter: 1, createdAt: Self.date)
            })
        #expect(
            try json(entries).components(separatedBy: #""kind":""#).dropFirst().map { $0.prefix { $0 != "\"" } }
                == ["purchase", "top-up", "gift-code", "grant", "refund", "purchase-refund"])
        #expect(
            try json(
                PlaylistSummaryDTO(
                    id: "pl2", name: "Chill", description: "", artworkUrl: "/x", trackCount: 1, kind: .mood))
                == #"{"artworkUrl":"/x","description":"","id":"pl2","kind":"mood","name":"Chill","trackCount":1}"#)
        #expect(
            try json(
                MeResponse(
                    id: "u", username: "ann", email: "a@x", displayName: "Ann", coins: 0, ownedCount: 2,
                    landing: .library))
                == #"{"coins":0,"displayName":"Ann","email":"a@x","hasPassword":true,"id":"u","landing":"library","ownedCount":2,"role":"buyer","twoFactorEnabled":false,"username":"ann"}"#
        )
        #expect(try json(HealthResponse(status: .ok, database: "ok")) == #"{"database":"ok","status":"ok"}"#)
        #expect(
            try json(LibrarySongsDTO(sort: .default, tracks: [])) == #"{"sort":"default","tracks":[]}"#)
        #expect(try json(LibraryAlbumsDTO(sort: .name, albums: [])) == #"{"albums":[],"sort":"name"}"#)
        #expect(try json(SearchSuggestionsDTO(queries: ["a"])) == #"{"queries":["a"]}"#)
        #expect(try json(PasswordResetAcceptedDTO(status: "sent")) == #"{"status":"sent"}"#)
    }

    @Test func wireEnumsCoverTheCoreValues() {
        for status in [TopUpStatus.pending, .captured, .declined, .cancelled] {
            #expect(TopUpDTO.Status(rawValue: status.rawValue) != nil)
        }
        for kind in LedgerKind.allCases {
            #expect(HistoryEntryDTO.Kind(rawValue: kind.rawValue) != nil)
        }
        for kind in PurchaseKind.allCases {
            #expect(PurchaseDTO.Kind(rawValue: kind.rawValue) != nil)
        }
        for sort in LibrarySongSort.allCases { #expect(LibrarySongsDTO.Sort(rawValue: sort.rawValue) != nil) }
        for sort in LibraryAlbumSort.allCases { #expect(LibraryAlbumsDTO.Sort(rawValue: sort.rawValue) != nil) }
        for isOwner in [true, false] {
            #expect(AudioRendition(rawValue: PreviewPolicy.rendition(isOwner: isOwner).rawValue) != nil)
        }
    }

    @Test func routesEncodePathSegmentsAndQueryValues() {
        #expect(SoTubeRoutes.album("al1") == "/api/v1/albums/al1")
        #expect(SoTubeRoutes.track("a/b c?") == "/api/v1/tracks/a%2Fb%20c%3F")
        #expect(SoTubeRoutes.albumArtwork("al1", size: 300) == "/api/v1/albums/al1/artwork?size=300")
        #expect(SoTubeRoutes.search("back in&out", limit: 5) == "/api/v1/search?q=back%20in%26out&limit=5")
        #expect(SoTubeRoutes.searchSuggestions("ёл") == "/api/v1/search/suggestions?q=%D1%91%D0%BB")
        #expect(SoTubeRoutes.librarySongs(sort: nil) == "/api/v1/library/songs")
        #expect(SoTubeRoutes.favouritePlaylist("pl1") == "/api/v1/me/favourites/playlists/pl1")
    }

    @Test func routesAreThePathsTheServerServes() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            let ok: [String] = [
                SoTubeRoutes.health, SoTubeRoutes.openAPI, SoTubeRoutes.me, SoTubeRoutes.storeHome, SoTubeRoutes.moods,
                SoTubeRoutes.artist("ar1"), SoTubeRoutes.album("al1"), SoTubeRoutes.playlist("pl1"),
                SoTubeRoutes.track("t1"), SoTubeRoutes.search("bjork", limit: 5, offset: 0, explicit: true),
                SoTubeRoutes.searchHistory, SoTubeRoutes.searchSuggestions("ba"), SoTubeRoutes.favourites,
                SoTubeRoutes.recentlyPlayed, SoTubeRoutes.librarySongs(sort: .name),
                SoTubeRoutes.libraryAlbums(sort: .name), SoTubeRoutes.libraryArtists, SoTubeRoutes.wallet,
                SoTubeRoutes.walletHistory(limit: 5), SoTubeRoutes.purchases, SoTubeRoutes.sharePage("t1"),
            ]
            for path in ok {
                #expect(try await client.json(.get, path, token: token).status == .ok, "GET \(path)")
            }
            for path in [SoTubeRoutes.favouriteTrack("t1"), SoTubeRoutes.favouritePlaylist("pl1")] {
                #expect(try await client.json(.put, path, token: token).status == .noContent, "PUT \(path)")
            }
            let reset = try await client.json(
                .post, SoTubeRoutes.passwordReset, body: PasswordResetRequest(email: "alice@example.com"))
            #expect(reset.status == .accepted)
            #expect(
                reset.text == #"{"status":"If an account has this address, a reset link is on its way."}"#)

            let album = try await client.json(.get, SoTubeRoutes.album("al1")).decode(AlbumDetailDTO.self)
            #expect(album.album.artworkUrl == "/api/v1/albums/al1/artwork?size=300")
            let track = try #require(album.tracks.first)
            #expect(track.audioUrl == SoTubeRoutes.trackAudio(track.id))
            #expect(track.audioUrl == "/api/v1/tracks/\(track.id)/audio")
            let artist = try await client.json(.get, SoTubeRoutes.artist("ar1")).decode(ArtistDetailDTO.self)
            #expect(artist.artist.imageUrl == "/api/v1/artists/ar1/image?size=300")
        }
    }
}
