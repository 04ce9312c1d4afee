import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeServer

/// `sotube sources`: catalog sources, other servers whose library the store sells from.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract:
            "Sell from another music server: add a Subsonic server (Navidrome, gonic, Airsonic, supysonic …) and sync it.",
        discussion: """
            A sync reads the upstream library (albums, songs with their tags, covers), downloads the original \
            file of every new or changed song (--parallel at once, retried on timeouts and 5xx) and imports it as \
            `sotube import` does: previews and renditions are media jobs, a song is on sale once its preview is \
            made. Songs gone upstream are withdrawn (owners keep them). A sync cut off anywhere is run again and \
            carries on: what was imported is unchanged, what was downloaded is on disk (DATA/sources/NAME).
            """,
        subcommands: [Add.self, List.self, Sync.self, Remove.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a source after signing in to it.",
            discussion: """
                Example: sotube sources add home subsonic+https://music.example.com/ --user alice --every 15m
                The password is asked for (or read from $SOTUBE_SOURCE_PASSWORD) and stored sealed with the \
                server secret. With --api-key the secret is an OpenSubsonic API key instead ($SOTUBE_SOURCE_API_KEY).
                """)
        @OptionGroup var store: StoreOptions
        @Argument(help: "The source's name (lower-case letters, digits, - and _).") var name: String
        @Argument(help: "subsonic+https://HOST[:PORT][/PATH]") var address: String
        @Option(help: "The upstream user.") var user: String = ""
        @Flag(help: "Sign in with an OpenSubsonic API key instead of a password.") var apiKey = false
        @Option(help: "Price in coins of each song from this source (default 10).") var price: Int = 10
        @Option(help: "Downloads at once (default 2).") var parallel: Int = 2
        @Option(help: "Keep syncing from `serve` or `worker` this often: 30m, 2h, 1d.") var every: String?

        func run() async throws {
            let everySeconds = try every.map { try SourceRules.parseInterval($0) }
            let secret = try Self.secret(apiKey: apiKey, user: user, address: address)
            let services = try await AppServices.open(try store.configuration())
            do {
                let added = try await services.sources.add(
                    .init(
                        name: name, address: address, user: user, secret: secret, auth: apiKey ? .apiKey : .password,
                        price: price, parallel: parallel, everySeconds: everySeconds))
                await services.database.shutdown()
                print(
                    "added \(added.name): \(added.url) signed in as \(added.username); `sotube sources sync \(added.name)` fetches it"
                )
            } catch {
                // A refusal is no usage mistake: its message alone, exit status 1.
                await services.database.shutdown()
                throw error
            }
        }

        /// The password (or key): from the environment, else asked for on the terminal.
        static func secret(apiKey: Bool, user: String, address: String) throws -> String {
            let variable = apiKey ? "SOTUBE_SOURCE_API_KEY" : "SOTUBE_SOURCE_PASSWORD"
            if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
            guard isatty(0) == 1 else {
                throw ValidationError("Set \(variable) or run this on a terminal to be asked for it.")
            }
            let prompt = apiKey ? "API key for \(address): " : "Password of \(user) at \(address): "
            guard let typed = getpass(prompt), case let value = String(cString: typed), !value.isEmpty else {
                throw ValidationError("No password given.")
            }
            return value
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List sources with their last sync.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            let sources = try await services.sources.list()
            await services.database.shutdown()
            if sources.isEmpty {
                print("no sources: add one with `sotube sources add NAME subsonic+https://HOST/ --user U`")
            }
            for source in sources { print(SourceText.listing(source)) }
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch what is new or changed in a source, withdraw what is gone, and wait for its media jobs.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The source's name.") var name: String
        @Option(help: "Downloads at once (default: the source's, 2 unless set).") var parallel: Int?
        @Option(help: "Media workers in this process (default: one per core).") var jobs: Int?
        @Flag(help: "Return after the import; `serve` or `worker` makes previews and renditions.") var noWait = false

        func validate() throws {
            if let parallel, !(1...16).contains(parallel) { throw ValidationError("--parallel is from 1 to 16") }
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        }

        func run() async throws {
            let services = try await store.servicesWithMediaTools()
            let workers = noWait ? 0 : (jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount))
            // Songs go on sale while the rest download: this process's workers start at once.
            let work = Task { if workers > 0 { await services.runMediaWorkers(workers) } }
            let bar = ProgressBar(enabled: isatty(1) == 1)
            let started = Date()
            do {
                let result = try await services.sources.sync(name: name, parallel: parallel) { bar.update($0) }
                var pending = 0
                if workers > 0 {
                    while true {
                        let counts = try await services.mediaJobs.counts(trackIDs: result.trackIDs)
                        bar.update(
                            SourceSyncProgress(phase: .jobs, done: counts.done + counts.failed, total: counts.total))
                        if counts.pending == 0 { break }
                        try await Task.sleep(nanoseconds: 250_000_000)
                    }
                } else {
                    pending = try await services.mediaJobs.counts(trackIDs: result.trackIDs).pending
                }
                work.cancel()
                await work.value
                bar.finish()
                // Its media made, a song's download is no longer needed.
                await services.sources.pruneDownloads(name: name, songs: result.fetchedSongs)
                let failed = try await services.mediaJobs.failedJobs(limit: 100_000).filter {
                    Set(result.trackIDs).contains($0.trackID)
                }
                await services.database.shutdown()
                print(
                    SourceText.result(
                        result, seconds: Date().timeIntervalSince(started), pendingJobs: pending,
                        failedJobs: failed.count))
                // Songs left behind: a script sees it (the next sync tries them again).
                if result.notTaken > 0 { throw ExitCode(1) }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                work.cancel()
                await work.value
                bar.finish()
                await services.database.shutdown()
                throw SourceError(
                    .unavailable, "sync of \(name) failed: \((error as? SourceError)?.message ?? "\(error)")")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a source: its songs are withdrawn (owners keep them), its downloaded files deleted.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The source's name.") var name: String

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            do {
                let withdrawn = try await services.sources.remove(name: name)
                await services.database.shutdown()
                print("removed \(name): \(withdrawn) songs withdrawn")
            } catch {
                // A refusal is no usage mistake: its message alone, exit status 1.
                await services.database.shutdown()
                throw error
            }
        }
    }
}
