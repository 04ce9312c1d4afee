import ArgumentParser
import Foundation
import SoTubeAPI
import SoTubeKit

struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "My Music: the songs (or albums) you own.")
    enum Sort: String, ExpressibleByArgument, CaseIterable {
        /// Songs by artist, album, track; albums by artist, year.
        case `default`, name, artist
    }
    @OptionGroup var options: ClientOptions
    @Option(help: "Order: default (artist, album, track) or name; with --albums: artist or name.")
    var sort: Sort?
    @Flag(help: "Albums instead of songs.") var albums = false

    func validate() throws {
        if albums, sort == .default { throw ValidationError("--albums sorts by artist or name.") }
        if !albums, sort == .artist { throw ValidationError("Songs sort by default or name.") }
    }

    func run() async throws {
        try await options.run { client, terminal in
            if albums {
                let library = try await client.libraryAlbums(
                    sort: sort.flatMap { LibraryAlbumsDTO.Sort(rawValue: $0.rawValue) })
                if terminal.json { return try terminal.printJSON(library) }
                if library.albums.isEmpty { return terminal.line("You own no songs yet: `sotube-client search …`.") }
                terminal.table(
                    ["ID", "Album", "Artist", "Owned songs"],
                    library.albums.map {
                        [
                            $0.album.id, $0.album.title, $0.album.artistName,
                            "\($0.ownedTracks.count)/\($0.album.trackCount)",
                        ]
                    }, styles: [0: .dim])
            } else {
                let library = try await client.librarySongs(
                    sort: sort.flatMap { LibrarySongsDTO.Sort(rawValue: $0.rawValue) })
                if terminal.json { return try terminal.printJSON(library) }
                if library.tracks.isEmpty { return terminal.line("You own no songs yet: `sotube-client search …`.") }
                terminal.songs(library.tracks)
            }
        }
    }
}
