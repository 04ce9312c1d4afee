import ArgumentParser
import Foundation
import SoTubeAPI
import SoTubeKit

extension Terminal {
    /// Songs as a table: id, title, artist, album, length, and the price or "owned".
    func songs(_ tracks: [TrackDTO]) {
        table(
            ["ID", "Title", "Artist", "Album", "Time", "Price"],
            tracks.map { track in
                [
                    track.id, track.title + (track.explicit ? " [E]" : ""), track.artistName, track.albumTitle,
                    Show.duration(track.durationMs), track.owned ? "owned" : Show.coins(track.price),
                ]
            }, flexible: 1, styles: [0: .dim, 5: .yellow])
    }
}

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search artists, albums, songs and playlists.")
    @OptionGroup var options: ClientOptions
    @Argument(help: "What to look for.") var text: String
    @Option(help: "Results per kind (1–100).") var limit: Int = 10
    @Flag(help: "Every page of results, not only the first.") var all = false

    func run() async throws {
        try await options.run { client, terminal in
            var results = SearchResultsDTO(query: text, artists: [], albums: [], tracks: [], playlists: [])
            if all {
                for try await page in client.searchPages(text, pageSize: limit) {
                    results.query = page.query
                    results.artists += page.artists
                    results.albums += page.albums
                    results.tracks += page.tracks
                    results.playlists += page.playlists
                }
            } else {
                results = try await client.search(text, limit: limit)
            }
            if terminal.json { return try terminal.printJSON(results) }
            if results.artists.isEmpty && results.albums.isEmpty && results.tracks.isEmpty
                && results.playlists.isEmpty
            {
                return terminal.line("Nothing found for “\(text)”.")
            }
            if !results.tracks.isEmpty {
                terminal.line(terminal.paint("Songs", .cyan))
                terminal.songs(results.tracks)
            }
            if !results.albums.isEmpty {
                terminal.line(terminal.paint("\nAlbums", .cyan))
                terminal.table(
                    ["ID", "Title", "Artist", "Year", "Songs", "Price"],
                    results.albums.map {
                        [
                            $0.id, $0.title, $0.artistName, $0.year.map(String.init) ?? "", "\($0.trackCount)",
                            Show.coins($0.price),
                        ]
                    }, styles: [0: .dim, 5: .yellow])
            }
            if !results.artists.isEmpty {
                terminal.line(terminal.paint("\nArtists", .cyan))
                terminal.table(["ID", "Name"], results.artists.map { [$0.id, $0.name] }, styles: [0: .dim])
            }
            if !results.playlists.isEmpty {
                terminal.line(terminal.paint("\nPlaylists", .cyan))
                terminal.table(
                    ["ID", "Name", "Songs"], results.playlists.map { [$0.id, $0.name, "\($0.trackCount)"] },
                    styles: [0: .dim])
            }
        }
    }
}

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show an album, a song or an artist: show album|song|artist ID.")
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case album, song, artist
    }
    @OptionGroup var options: ClientOptions
    @Argument(help: "album, song or artist.") var kind: Kind
    @Argument(help: "Its id.") var id: String

    func run() async throws {
        try await options.run { client, terminal in
            switch kind {
            case .album:
                let detail = try await client.album(id)
                if terminal.json { return try terminal.printJSON(detail) }
                let album = detail.album
                terminal.line(terminal.paint(album.title, .bold) + " — " + album.artistName)
                let facts = [album.year.map(String.init), album.genre, "\(album.trackCount) songs"].compactMap { $0 }
                terminal.line(facts.joined(separator: " · "))
                terminal.line(
                    detail.priceForCaller == 0
                        ? "You own every song." : "Buy the rest of the album: \(Show.coins(detail.priceForCaller))")
                terminal.line()
                terminal.songs(detail.tracks)
            case .song:
                let detail = try await client.track(id)
                if terminal.json { return try terminal.printJSON(detail) }
                let track = detail.track
                terminal.line(terminal.paint(track.title, .bold) + " — " + track.artistName)
                terminal.line(
                    "\(track.albumTitle) · \(Show.duration(track.durationMs))" + (track.explicit ? " · explicit" : ""))
                terminal.line(track.owned ? "Owned." : "Price: \(Show.coins(track.price))")
                if let lyrics = detail.lyrics, !lyrics.isEmpty { terminal.line("\n" + lyrics) }
            case .artist:
                let detail = try await client.artist(id)
                if terminal.json { return try terminal.printJSON(detail) }
                terminal.line(terminal.paint(detail.artist.name, .bold))
                if let bio = detail.bio { terminal.line(bio) }
                terminal.line()
                terminal.table(
                    ["ID", "Album", "Year"], detail.albums.map { [$0.id, $0.title, $0.year.map(String.init) ?? ""] },
                    styles: [0: .dim])
            }
        }
    }
}
