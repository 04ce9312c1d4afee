import ArgumentParser
import Foundation
import SoTubeAPI
import SoTubeKit

struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract:
            "Download a song you own (its original file) or your songs of an album (a ZIP): download song|album ID DIR."
    )
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case song, album
    }
    @OptionGroup var options: ClientOptions
    @Argument(help: "song or album.") var kind: Kind
    @Argument(help: "Its id.") var id: String
    @Argument(help: "The folder to save into (made when missing).") var directory: String

    func run() async throws {
        try await options.run { client, terminal in
            let folder = URL(fileURLWithPath: directory)
            let file =
                switch kind {
                case .song: try await client.downloadTrack(id: id, into: folder)
                case .album: try await client.downloadAlbum(id: id, into: folder)
                }
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            if terminal.json { return try terminal.printJSON(["path": file.path, "bytes": "\(size)"]) }
            terminal.line("Saved \(file.path) (\(size / 1024) KiB).")
        }
    }
}

struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract:
            "Play a song with ffplay (the whole song if you own it, else the preview); saves it when ffplay is missing."
    )
    @OptionGroup var options: ClientOptions
    @Argument(help: "The song's id.") var id: String
    @Option(help: "Save to this file instead of playing.") var out: String?

    func run() async throws {
        try await options.run { client, terminal in
            let track = try await client.track(id).track
            let player = out == nil ? Self.findOnPath("ffplay") : nil
            let target =
                out.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("sotube-\(UUID().uuidString)")
            var saved = try await client.saveAudio(trackID: id, to: target)
            // Counts as played for "recently played", like the apps.
            try? await client.recordPlay(trackID: id)
            let what = saved.rendition == .full ? "the whole song" : "the \(track.previewSeconds)-second preview"
            guard let player else {
                if out == nil {
                    // No player: keep it in the current folder, named for the song.
                    let named = URL(fileURLWithPath: Self.fileName(track) + "." + saved.fileExtension)
                    if FileManager.default.fileExists(atPath: named.path) {
                        try FileManager.default.removeItem(at: named)
                    }
                    try FileManager.default.moveItem(at: saved.file, to: named)
                    saved.file = named
                    terminal.note("ffplay is not installed: saving instead.")
                }
                if terminal.json {
                    return try terminal.printJSON(["path": saved.file.path, "rendition": saved.rendition.rawValue])
                }
                return terminal.line("Saved \(what) of “\(track.title)” to \(saved.file.path).")
            }
            defer { try? FileManager.default.removeItem(at: target) }
            terminal.note("Playing \(what) of “\(track.title)” by \(track.artistName) (q to stop)…")
            let process = Process()
            process.executableURL = player
            process.arguments = ["-nodisp", "-autoexit", "-loglevel", "error", target.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                terminal.fail(
                    "ffplay could not play it (exit \(process.terminationStatus); no sound device?). "
                        + "Save it instead: sotube-client play \(id) --out FILE")
                throw ExitCode(ExitStatus.failure)
            }
            if terminal.json { try terminal.printJSON(["played": track.id, "rendition": saved.rendition.rawValue]) }
        }
    }

    /// "Artist - Title", safe as a file name.
    static func fileName(_ track: TrackDTO) -> String {
        String("\(track.artistName) - \(track.title)".map { "/\\:\0".contains($0) ? "_" : $0 })
    }

    static func findOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
