import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import Testing

@Suite struct LibraryTests {
    @Test func personalRoutesNeedALogin() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/v1/library/songs"), (.get, "/api/v1/library/albums"),
                (.get, "/api/v1/library/artists"), (.get, "/api/v1/me/favourites"),
                (.put, "/api/v1/me/favourites/tracks/t1"), (.delete, "/api/v1/me/favourites/tracks/t1"),
                (.put, "/api/v1/me/favourites/playlists/pl1"), (.delete, "/api/v1/me/favourites/playlists/pl1"),
                (.get, "/api/v1/me/recently-played"), (.post, "/api/v1/me/recently-played"),
            ] {
                try await client.json(method, path, body: RecordPlayRequest(trackId: "t1")).expectProblem(.unauthorized)
            }
        }
    }

    @Test func songsHoldOnlyOwnedSongsInTheChosenOrder() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            let bob = try await client.register("bob")
            #expect(
                try await client.json(.get, "/api/v1/library/songs", token: token).decode(LibrarySongsDTO.self).tracks
                    .isEmpty)
            try await app.own(["t9", "t10", "t6", "t4", "t1"], username: "alice")
            try await app.own(["t7"], username: "bob")
            let songs = try await client.json(.get, "/api/v1/library/songs", token: token).decode(LibrarySongsDTO.self)
            #expect(songs.sort == .default)
            // Björk › Debut, Homogenic; Zebra Band › Stripes disc 1, disc 2; Ёлка (Cyrillic sorts after Latin).
            #expect(songs.tracks.map(\.id) == ["t4", "t1", "t10", "t9", "t6"])
            let allOwned = songs.tracks.allSatisfy { $0.owned }
            #expect(allOwned)
            let byName = try await client.json(.get, "/api/v1/library/songs?sort=name", token: token)
                .decode(LibrarySongsDTO.self)
            #expect(byName.tracks.map(\.title) == ["Alpha", "Human Behaviour", "Hunter", "Zebra Crossing", "Прованс"])
            try await client.json(.get, "/api/v1/library/songs?sort=random", token: token)
                .expectProblem(.unprocessableContent, field: "sort")
            let theirs = try await client.json(.get, "/api/v1/library/songs", token: bob).decode(LibrarySongsDTO.self)
            #expect(theirs.tracks.map(\.id) == ["t7"])
            let me = try await client.json(.get, "/api/v1/me", token: token)
            #expect(me.text.contains("\"landing\":\"library\""))
        }
    }

    @Test func albumsAndArtistsGroupOwnedSongs() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            try await app.own(["t2", "t1", "t4", "t9"], username: "alice")
            let byArtist = try await client.json(.get, "/api/v1/library/albums", token: token).decode(
                LibraryAlbumsDTO.self)
            #expect(byArtist.sort == .artist)
            #expect(byArtist.albums.map(\.album.id) == ["al2", "al1", "al5"])  // Björk 1993, 1997; Zebra Band
            #expect(byArtist.albums[1].ownedTracks.map(\.id) == ["t1", "t2"])
            let byName = try await client.json(.get, "/api/v1/library/albums?sort=name", token: token)
                .decode(LibraryAlbumsDTO.self)
            #expect(byName.albums.map(\.album.title) == ["Debut", "Homogenic", "Stripes"])
            try await client.json(.get, "/api/v1/library/albums?sort=year", token: token)
                .expectProblem(.unprocessableContent, field: "sort")
            let artists = try await client.json(.get, "/api/v1/library/artists", token: token).decode(
                LibraryArtistsDTO.self)
            #expect(artists.artists.map(\.artist.name) == ["Björk", "Zebra Band"])
            #expect(artists.artists[0].albums.map(\.album.id) == ["al2", "al1"])
        }
    }

    @Test func favouritesAndRecentlyPlayed() async throws {
        let app = try await TestApp.withCatalog()
        try await app.run { client in
            let token = try await client.register("alice")
            for path in ["tracks/t1", "tracks/t5", "playlists/pl1"] {
                app.clock.advance(by: 1)
                #expect(try await client.json(.put, "/api/v1/me/favourites/\(path)", token: token).status == .noContent)
            }
            #expect(try await client.json(.put, "/api/v1/me/favourites/tracks/t1", token: token).status == .noContent)
            var favourites = try await client.json(.get, "/api/v1/me/favourites", token: token).decode(
                FavouritesDTO.self)
            #expect(favourites.tracks.map(\.id) == ["t5", "t1"])
            #expect(favourites.playlists.map(\.id) == ["pl1"])
            #expect(
                try await client.json(.delete, "/api/v1/me/favourites/tracks/t5", token: token).status == .noContent)
            #expect(
                try await client.json(.delete, "/api/v1/me/favourites/playlists/pl1", token: token).status == .noContent
            )
            favourites = try await client.json(.get, "/api/v1/me/favourites", token: token).decode(FavouritesDTO.self)
            #expect(favourites.tracks.map(\.id) == ["t1"] && favourites.playlists.isEmpty)
            try await client.json(.put, "/api/v1/me/favourites/tracks/nope", token: token).expectProblem(.notFound)
            try await client.json(.delete, "/api/v1/me/favourites/playlists/nope", token: token).expectProblem(
                .notFound)

            for id in ["t3", "t6", "t3"] {
                app.clock.advance(by: 1)
                let response = try await client.json(
                    .post, "/api/v1/me/recently-played", body: RecordPlayRequest(trackId: id), token: token)
                #expect(response.status == .noContent)
            }
            let recent = try await client.json(.get, "/api/v1/me/recently-played", token: token).decode(
                RecentlyPlayedDTO.self)
            #expect(recent.tracks.map(\.id) == ["t3", "t6"])
            try await client.json(
                .post, "/api/v1/me/recently-played", body: RecordPlayRequest(trackId: "nope"), token: token
            )
            .expectProblem(.notFound)
            try await client.json(.post, "/api/v1/me/recently-played", body: ["track": "t1"], token: token)
                .expectProblem(.unprocessableContent, field: "trackId")
            let malformed = try await client.execute(
                uri: "/api/v1/me/recently-played", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: "{not json"))
            malformed.expectProblem(.badRequest)
        }
    }
}
