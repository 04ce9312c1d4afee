import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeServer
import SoTubeStoreSQL

/// `sotube worker`: media workers only (a separate media machine on a shared PostgreSQL, or a
/// second process on the SQLite store).
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract:
            "Run media workers only: album pictures, previews, renditions, waveforms and loudness of imported songs.",
        discussion: """
            Takes jobs from the store's queue until SIGTERM or Ctrl-C (or, with --until-idle, until none is
            queued or running). A job whose worker dies is taken again when its lease ends.
            """)

    @OptionGroup var store: StoreOptions
    @Option(help: "Workers in this process (default: one per core).") var workers: Int?
    @Option(help: "Seconds a job is held without renewal before another worker may take it (default 60).")
    var leaseSeconds: Double = 60
    @Option(help: "Runs of a job before it is failed for good (default 3).") var maxAttempts: Int = 3
    @Flag(help: "Stop when no job is queued or running.") var untilIdle = false

    func validate() throws {
        guard leaseSeconds >= 1 else { throw ValidationError("--lease-seconds must be at least 1") }
        guard maxAttempts >= 1 else { throw ValidationError("--max-attempts must be at least 1") }
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
    }

    func run() async throws {
        let services = try await store.servicesWithMediaTools()
        let count = workers ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        let rules = MediaJobRules(maxAttempts: maxAttempts, leaseSeconds: leaseSeconds)
        let work = Task {
            // Catalog sources due a sync (`sotube sources add … --every`), unless this run stops when idle.
            let schedule = untilIdle ? nil : Task { await services.sources.runSchedule() }
            await services.runMediaWorkers(count, rules: rules, untilIdle: untilIdle)
            schedule?.cancel()
            await schedule?.value
        }
        let signals = StopSignals { work.cancel() }
        await work.value
        signals.cancel()
        await services.database.shutdown()
    }
}

/// Cancels on SIGTERM or SIGINT (the workers finish the job in hand, then stop).
final class StopSignals: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]

    init(_ stop: @escaping @Sendable () -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}

/// `sotube jobs`: the media queue's counts and failed jobs; `sotube jobs retry`.
struct JobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "Media jobs: counts per state and failed jobs with their reasons; retry failed ones.",
        subcommands: [List.self, Retry.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Counts per state, then each failed job: id, kind, song, reason.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            do {
                let queue = services.mediaJobs
                let counts = try await queue.counts(trackIDs: nil)
                print(
                    "queued \(counts.queued), running \(counts.running), done \(counts.done), failed \(counts.failed)")
                let writer = services.catalogWriter
                for job in try await queue.failedJobs(limit: 1000) {
                    let source = try await writer.jobTrack(id: job.trackID)?.sourcePath ?? job.trackID
                    print(
                        "failed \(job.id) \(job.kind.rawValue) \(source) after \(job.attempts) attempts: "
                            + (job.lastError ?? "-"))
                }
            } catch {
                await services.database.shutdown()
                throw error
            }
            await services.database.shutdown()
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Queue a failed job again (by id), or every failed job (--failed).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The failed job's id (from `sotube jobs`).") var id: String?
        @Flag(help: "Retry every failed job.") var failed = false

        func validate() throws {
            guard (id == nil) != !failed else { throw ValidationError("Give a job id or --failed (not both).") }
        }

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            let count: Int
            do {
                count = try await services.mediaJobs.retry(jobID: failed ? nil : id, now: services.clock.now())
            } catch {
                await services.database.shutdown()
                throw error
            }
            await services.database.shutdown()
            if let id, count == 0 { throw ValidationError("No failed job \(id).") }
            print("queued again: \(count)")
        }
    }
}
