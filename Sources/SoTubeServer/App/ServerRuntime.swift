import Logging
import SoTubeCore

/// What a server runs with that is not configuration: where time, ids and log lines come from.
/// Production uses the system clock, random ids and JSON log lines; tests pass a manual clock,
/// sequential ids and a silent logger.
public struct ServerRuntime: Sendable {
    public var clock: any SoTubeClock
    public var ids: any IDSource
    public var logger: Logger

    public init(clock: any SoTubeClock = SystemClock(), ids: any IDSource = RandomIDSource(), logger: Logger) {
        self.clock = clock
        self.ids = ids
        self.logger = logger
    }

    /// The system clock, random ids, and JSON log lines from `logLevel` up.
    public init(logLevel: Logger.Level) {
        self.init(logger: Logger(label: "sotube") { JSONLogHandler(label: $0, level: logLevel) })
    }
}
