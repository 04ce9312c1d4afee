import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct CatalogTests {
    @Test func guestsSeeTheStoreHome() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let response = try await client.json(.get, "/api/v1/store/home")
            #expect(response.status == .ok)
            let home = try response.decode(StoreHomeDTO.self)
            #expect(home.newReleases.first?.id == "al5")
            #expect(home.newReleases.first?.artworkUrl == "/api/v1/albums/al5/artwork?size=300")
            #expect(home.featuredPlaylists.map(\.id) == ["pl1"])
            #expect(home.featuredPlaylists.first?.trackCount == 2)
            #expect(home.moods.map(\.name) == ["Chill"])
            #expect(home.moods.first?.playlistId == "pl2")
            #expect(home.favourites.isEmpty && home.recentlyPlayed.isEmpty && home.favouritePlaylists.isEmpty)
            let moods = try await client.json(.get, "/api/v1/moods").decode(MoodListDTO.self)
            #expect(moods.moods == home.moods)
        }
    }

    @Test func homeShowsTheCallersFavouritesAndRecentlyPlayed() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            #expect(try await client.json(.put, "/api/v1/me/favourites/tracks/t2", token: token).status == .noContent)
            #expect(
                try await client.json(.put, "/api/v1/me/favourites/playlists/pl1", token: token).status == .noContent)
            let played = try await client.json(
                .post, "/api/v1/me/recently-played", body: RecordPlayRequest(trackId: "t6"), token: token)
            #expect(played.status == .noContent)
            let home = try await client.json(.get, "/api/v1/store/home", token: token).decode(StoreHomeDTO.self)
            #expect(home.favourites.map(\.id) == ["t2"])
            #expect(home.favouritePlaylists.map(\.id) == ["pl1"])
            #expect(home.recentlyPlayed.map(\.id) == ["t6"])
            // Another user sees none of it.
            let bob = try await client.register("bob")
            let theirs = try await client.json(.get, "/api/v1/store/home", token: bob).decode(StoreHomeDTO.self)
            #expect(theirs.favourites.isEmpty && theirs.recentlyPlayed.isEmpty && theirs.favouritePlaylists.isEmpty)
        }
    }

    @Test func artistPage() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let artist = try await client.json(.get, "/api/v1/artists/ar1").decode(ArtistDetailDTO.self)
            #expect(artist.artist.name == "Björk")
            #expect(artist.artist.imageUrl == "/api/v1/artists/ar1/image?size=300")
            #expect(artist.bio == "Icelandic singer and songwriter.")
            #expect(artist.albums.map(\.id) == ["al1", "al2"])
            #expect(artist.otherAlbums.map(\.id) == ["al5"])
            #expect(artist.topTracks.count == 5)
            try await client.json(.get, "/api/v1/artists/nope").expectProblem(.notFound)
        }
    }

    @Test func albumPageShowsSongsInOrderAndTheCallersBundlePrice() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let guest = try await client.json(.get, "/api/v1/albums/al1").decode(AlbumDetailDTO.self)
            #expect(guest.tracks.map(\.title) == ["Hunter", "Jóga", "Bachelorette"])
            #expect(guest.album.price == 25)
            #expect(guest.priceForCaller == 25)
            #expect(guest.tracks.allSatisfy { !$0.owned })
            #expect(guest.tracks[0].audioUrl == "/api/v1/tracks/t1/audio")
            #expect(guest.tracks[0].previewSeconds == 30)
            let token = try await client.register("alice")
            try await app.own(["t2"], username: "alice")
            let mine = try await client.json(.get, "/api/v1/albums/al1", token: token).decode(AlbumDetailDTO.self)
            #expect(mine.tracks.map(\.owned) == [false, true, false])
            #expect(mine.priceForCaller == 25 * 20 / 32)
            try await app.own(["t1", "t3"], username: "alice")
            let all = try await client.json(.get, "/api/v1/albums/al1", token: token).decode(AlbumDetailDTO.self)
            #expect(all.priceForCaller == 0)
            try await client.json(.get, "/api/v1/albums/nope").expectProblem(.notFound)
        }
    }

    @Test func playlistPage() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let guest = try await client.json(.get, "/api/v1/playlists/pl1").decode(PlaylistDetailDTO.self)
            #expect(guest.tracks.map(\.id) == ["t2", "t7"])
            #expect(guest.playlist.kind == .volume)
            #expect(guest.playlist.artworkUrl == "/api/v1/albums/al1/artwork?size=300")
            #expect(!guest.favourite)
            let token = try await client.register("alice")
            try await client.json(.put, "/api/v1/me/favourites/playlists/pl1", token: token)
            #expect(
                try await client.json(.get, "/api/v1/playlists/pl1", token: token).decode(PlaylistDetailDTO.self)
                    .favourite)
            try await client.json(.get, "/api/v1/playlists/nope").expectProblem(.notFound)
        }
    }

    @Test func songPageCarriesLyricsArtistIntroAndOwnership() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let song = try await client.json(.get, "/api/v1/tracks/t1").decode(TrackDetailDTO.self)
            #expect(song.lyrics == "If travel is searching")
            #expect(song.artistIntro == "Icelandic singer and songwriter.")
            #expect(song.releaseDate == "1997-09-22")
            #expect(song.track.durationMs == 200_000)
            #expect(song.track.price == 10 && !song.track.owned && !song.track.explicit)
            #expect(try await client.json(.get, "/api/v1/tracks/t7").decode(TrackDetailDTO.self).track.explicit)
            let token = try await client.register("alice")
            try await app.own(["t1"], username: "alice")
            let mine = try await client.json(.get, "/api/v1/tracks/t1", token: token).decode(TrackDetailDTO.self)
            #expect(mine.track.owned)
            try await client.json(.get, "/api/v1/tracks/nope").expectProblem(.notFound)
        }
    }

    @Test func everyCatalogRouteIsInTheOpenAPIDocument() async throws {
        let app = try await TestApp.make()
        try await app.run { client in
            let text = try await client.json(.get, "/openapi.json").text
            for path in [
                "/api/v1/store/home", "/api/v1/moods", "/api/v1/artists/{id}", "/api/v1/albums/{id}",
                "/api/v1/playlists/{id}", "/api/v1/tracks/{id}", "/api/v1/search", "/api/v1/search/history",
                "/api/v1/search/suggestions", "/api/v1/me/favourites", "/api/v1/me/favourites/tracks/{id}",
                "/api/v1/me/favourites/playlists/{id}", "/api/v1/me/recently-played", "/api/v1/library/songs",
                "/api/v1/library/albums", "/api/v1/library/artists",
            ] {
                #expect(text.contains("\"\(path)\""), "\(path) is not documented")
            }
        }
    }
}
