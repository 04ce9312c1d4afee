import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeCore
import Testing

@testable import SoTubeServer

/// The catalog-side controllers against `InMemoryCatalog`: no SQL.
@Suite struct CatalogControllerSeamTests {
    static func presenter(_ catalog: InMemoryCatalog) -> TrackPresenter {
        TrackPresenter(ownership: catalog, preview: PreviewPolicy(seconds: 12))
    }

    @Test func albumPageShowsTheCallersPriceAndOwnership() async throws {
        let catalog = InMemoryCatalog(prices: [10, 10, 20, 40], operatorPrice: 60)
        await catalog.own(["t4"], userID: "u-ann")
        try await withSeam({
            CatalogController(catalog: catalog, discovery: catalog, presenter: Self.presenter(catalog)).register(
                on: RouteRegistrar($0))
        }) { client in
            let guest = try await client.call(.get, "/api/v1/albums/al1").decode(AlbumDetailDTO.self)
            #expect(guest.priceForCaller == 60 && guest.album.price == 60)
            #expect(guest.tracks.allSatisfy { !$0.owned && $0.previewSeconds == 12 })
            let ann = try await client.call(.get, "/api/v1/albums/al1", as: "ann").decode(AlbumDetailDTO.self)
            #expect(ann.priceForCaller == 30)  // the 40-coin half is hers
            #expect(ann.tracks.map(\.owned) == [false, false, false, true])
            try await client.call(.get, "/api/v1/albums/nope").expectProblem(.notFound)
            let song = try await client.call(.get, "/api/v1/tracks/t4", as: "ann").decode(TrackDetailDTO.self)
            #expect(song.track.owned)
        }
    }

    @Test func searchFindsRecordsHistoryAndSuggests() async throws {
        let catalog = InMemoryCatalog(prices: [10])
        try await withSeam({
            SearchController(
                search: catalog, catalog: catalog, discovery: catalog, presenter: Self.presenter(catalog),
                clock: ManualClock()
            ).register(on: RouteRegistrar($0))
        }) { client in
            let results = try await client.call(.get, "/api/v1/search?q=bjo", as: "ann").decode(SearchResultsDTO.self)
            #expect(results.artists.map(\.name) == ["Björk"])
            let history = try await client.call(.get, "/api/v1/search/history", as: "ann").decode(SearchHistoryDTO.self)
            #expect(history.queries == ["bjo"])
            try await client.call(.get, "/api/v1/search").expectProblem(.unprocessableContent, field: "q")
            try await client.call(.get, "/api/v1/search/history").expectProblem(.unauthorized)
        }
    }

    @Test func favouritesAndRecentlyPlayedBelongToTheCaller() async throws {
        let catalog = InMemoryCatalog(prices: [10, 10])
        try await withSeam({
            FavouritesController(
                discovery: catalog, catalog: catalog, presenter: Self.presenter(catalog), clock: ManualClock()
            ).register(on: RouteRegistrar($0))
        }) { client in
            #expect(try await client.call(.put, "/api/v1/me/favourites/tracks/t2", as: "ann").status == .noContent)
            try await client.call(.put, "/api/v1/me/favourites/tracks/nope", as: "ann").expectProblem(.notFound)
            let mine = try await client.call(.get, "/api/v1/me/favourites", as: "ann").decode(FavouritesDTO.self)
            #expect(mine.tracks.map(\.id) == ["t2"])
            let theirs = try await client.call(.get, "/api/v1/me/favourites", as: "bob").decode(FavouritesDTO.self)
            #expect(theirs.tracks.isEmpty)
            let played = try await client.call(
                .post, "/api/v1/me/recently-played", as: "ann", body: #"{"trackId":"t1"}"#)
            #expect(played.status == .noContent)
            let recent = try await client.call(.get, "/api/v1/me/recently-played", as: "ann").decode(
                RecentlyPlayedDTO.self)
            #expect(recent.tracks.map(\.id) == ["t1"])
        }
    }

    @Test func libraryHoldsOnlyOwnedSongs() async throws {
        let catalog = InMemoryCatalog(prices: [10, 10, 10])
        await catalog.own(["t3", "t1"], userID: "u-ann")
        try await withSeam({
            LibraryController(library: catalog, catalog: catalog, presenter: Self.presenter(catalog)).register(
                on: RouteRegistrar($0))
        }) { client in
            let songs = try await client.call(.get, "/api/v1/library/songs", as: "ann").decode(LibrarySongsDTO.self)
            #expect(Set(songs.tracks.map(\.id)) == ["t1", "t3"] && songs.tracks.allSatisfy(\.owned))
            let albums = try await client.call(.get, "/api/v1/library/albums", as: "ann").decode(LibraryAlbumsDTO.self)
            #expect(albums.albums.map { $0.ownedTracks.map(\.id) } == [["t1", "t3"]])
            let bob = try await client.call(.get, "/api/v1/library/songs", as: "bob").decode(LibrarySongsDTO.self)
            #expect(bob.tracks.isEmpty)
        }
    }

    @Test func healthAnswers503WhenTheDatabaseDoesNot() async throws {
        struct Down: HealthCheck {
            struct Failure: Error {}
            func ping() async throws { throw Failure() }
            func schemaVersion() async throws -> Int { throw Failure() }
        }
        try await withSeam({
            HealthController(health: HealthState(database: Down()), drain: Drain(), expectedSchemaVersion: 7).register(
                on: RouteRegistrar($0))
        }) { client in
            let response = try await client.call(.get, "/healthz")
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body).contains("unavailable"))
            #expect(try await client.call(.get, "/readyz").status == .serviceUnavailable)
        }
    }

    /// Alive but not ready: a database at another schema version (migrations still running
    /// elsewhere, or a newer build beside this one) keeps `/readyz` at 503 while `/healthz` says 200.
    @Test func readinessFollowsTheSchemaVersion() async throws {
        struct At: HealthCheck {
            let version: Int
            func ping() async throws {}
            func schemaVersion() async throws -> Int { version }
        }
        for (version, ready) in [(7, true), (6, false), (8, false)] {
            try await withSeam({
                HealthController(
                    health: HealthState(database: At(version: version)), drain: Drain(), expectedSchemaVersion: 7
                )
                .register(on: RouteRegistrar($0))
            }) { client in
                #expect(try await client.call(.get, "/healthz").status == .ok)
                let response = try await client.call(.get, "/readyz")
                #expect(response.status == (ready ? .ok : .serviceUnavailable))
                let body = try response.decode(ReadinessResponse.self)
                #expect(body.schemaVersion == version && body.expectedSchemaVersion == 7)
            }
        }
    }

    @Test func aShortSongsPreviewIsHalfOfIt() {
        let song = CatalogTrack(
            id: "t", title: "Jingle", artistID: "a", artistName: "A", albumID: "al", albumTitle: "Al", trackNumber: 1,
            discNumber: 1, durationMs: 21_900, genre: nil, explicit: false, price: 1)
        #expect(TrackDTO(song, owned: false, preview: PreviewPolicy(seconds: 30)).previewSeconds == 10)
        var long = song
        long.durationMs = 240_000
        #expect(TrackDTO(long, owned: false, preview: PreviewPolicy(seconds: 30)).previewSeconds == 30)
    }
}
