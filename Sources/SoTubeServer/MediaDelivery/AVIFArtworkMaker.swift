import Foundation
import Logging
import SoTubeMedia

/// Makes a picture's AVIF sizes the first time a browser that takes AVIF asks for it (covers imported
/// before AVIF, or since: imports and the demo's first start stay as fast as JPEG alone). One picture
/// at a time, in the background: serving never waits for an encode, and two cores are not taken from
/// buyers. Until it is made the browser gets the JPEG, cached for minutes rather than a year.
actor AVIFArtworkMaker {
    private let tools: MediaTools
    private let store: any MediaStore
    private let logger: Logger
    /// Pictures waiting, in the order asked.
    private var waiting: [String] = []
    /// Pictures waiting or being made: asked again, they are not queued twice.
    private var queued: Set<String> = []
    /// Pictures ffmpeg could not make AVIF of (not retried until the server restarts).
    private var failed: Set<String> = []
    private var working = false
    /// How many pictures may wait (a crawler asking for every cover queues no more than this).
    static let limit = 10_000

    init(tools: MediaTools, store: any MediaStore, logger: Logger) {
        self.tools = tools
        self.store = store
        self.logger = logger
    }

    /// Queues `base`'s AVIF sizes unless they are queued, failed before, or too many wait.
    func want(_ base: String) {
        guard tools.available, !queued.contains(base), !failed.contains(base), waiting.count < Self.limit
        else { return }
        queued.insert(base)
        waiting.append(base)
        guard !working else { return }
        working = true
        Task { await drain() }
    }

    private func drain() async {
        while !waiting.isEmpty {
            let base = waiting.removeFirst()
            if !(await tools.makeAVIFArtwork(base: base, store: store)) {
                failed.insert(base)
                logger.warning("no AVIF made of a picture", metadata: ["picture": "\(base)"])
            }
            queued.remove(base)
        }
        working = false
    }
}
