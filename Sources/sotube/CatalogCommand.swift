import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeServer
import SoTubeStoreSQL

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Synthesise a catalog for testing and benchmarks; rebuild the search index.",
        subcommands: [Synth.self, Reindex.self])

    struct Synth: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthetic catalog (metadata only; audio shared from a few files).",
            discussion: """
                Example: sotube catalog synth --tracks 1000000 --data /tmp/bench
                Albums hold 10 songs each; artists default to one per 50 songs. Names mix English,
                Russian, accented and invented words. Every song points at one of a few shared audio
                files under media/synth/ (made with ffmpeg when it is installed). The search index is
                rebuilt at the end.
                """)

        @OptionGroup var store: StoreOptions
        @Option(help: "How many songs to create (1–10000000).") var tracks: Int
        @Option(help: "How many artists (default: songs / 50).") var artists: Int?

        func validate() throws {
            guard (1...10_000_000).contains(tracks) else { throw ValidationError("--tracks must be 1–10000000") }
            if let artists, artists < 1 { throw ValidationError("--artists must be at least 1") }
        }

        func run() async throws {
            let configuration = try store.configuration()
            let services = try await AppServices.open(configuration)
            let database = services.database
            do {
                guard try await !database.syntheticCatalog.hasSynthetic() else {
                    throw ValidationError("This store already holds a synthetic catalog; use a fresh --data folder.")
                }
                let started = Date()
                let media = SynthMedia.prepare(in: configuration.mediaDirectory)
                try await database.syntheticCatalog.write(
                    tracks: tracks, artists: artists ?? max(1, tracks / 50), mediaFiles: media, now: Date()
                ) { message in
                    try? FileHandle.standardError.write(
                        contentsOf: Data("  \(message) (\(Self.elapsed(since: started)))\n".utf8))
                }
                let documents = try await database.searchIndex.rebuild()
                print(
                    "synthesised \(tracks) songs; search index holds \(documents) documents (\(Self.elapsed(since: started)))"
                )
            } catch {
                await database.shutdown()
                throw error
            }
            await database.shutdown()
        }

        static func elapsed(since start: Date) -> String {
            String(format: "%.1f s", Date().timeIntervalSince(start))
        }
    }

    struct Reindex: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rebuild the search index from the catalog (after an import or a bulk change).")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            let started = Date()
            do {
                let documents = try await services.database.searchIndex.rebuild()
                print("search index rebuilt: \(documents) documents (\(Synth.elapsed(since: started)))")
            } catch {
                await services.database.shutdown()
                throw error
            }
            await services.database.shutdown()
        }
    }
}

/// A few real audio files every synthetic song shares (paths relative to the media folder).
enum SynthMedia {
    static func prepare(in mediaDirectory: URL) -> [(full: String, preview: String)] {
        let folder = mediaDirectory.appendingPathComponent("synth")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [(full: String, preview: String)] = []
        for (index, frequency) in [220, 330, 440].enumerated() {
            let full = "synth/full-\(index + 1).mp3"
            let preview = "synth/preview-\(index + 1).mp3"
            // Twice the preview: a preview is never more than half its song (`PreviewPolicy`).
            make(mediaDirectory.appendingPathComponent(full), seconds: 60, frequency: frequency)
            make(mediaDirectory.appendingPathComponent(preview), seconds: 30, frequency: frequency)
            files.append((full, preview))
        }
        return files
    }

    /// A sine tone made with ffmpeg; skipped (paths only) when ffmpeg is missing.
    static func make(_ url: URL, seconds: Int, frequency: Int) {
        guard !FileManager.default.fileExists(atPath: url.path) else { return }
        let arguments = [
            "-loglevel", "error", "-y", "-f", "lavfi", "-i",
            "sine=frequency=\(frequency):duration=\(seconds)", "-codec:a", "libmp3lame", "-b:a", "64k", url.path,
        ]
        do {
            try ChildProcess("ffmpeg", arguments, stdout: .discard, stderr: .discard).wait()
        } catch {
            try? FileHandle.standardError.write(
                contentsOf: Data("ffmpeg not found: \(url.lastPathComponent) not made\n".utf8))
        }
    }
}
