import Foundation
import Logging
import SoTubeCore

/// Deletes what has run out: expired sessions and password resets (and used resets), throttle
/// counts that no longer matter, and top-ups left unpaid for a day. `serve` runs it every ten
/// minutes; every server may run it, each delete is safe to repeat.
public struct Sweeper: Sendable {
    let accounts: any AccountStore
    let commerce: any CommerceStore
    let throttles: any ThrottleStore
    let clock: any SoTubeClock
    /// A top-up still unpaid after this long is abandoned.
    public static let abandonedTopUpAge: TimeInterval = 24 * 3600
    public static let interval: Duration = .seconds(600)

    public init(
        accounts: any AccountStore, commerce: any CommerceStore, throttles: any ThrottleStore, clock: any SoTubeClock
    ) {
        self.accounts = accounts
        self.commerce = commerce
        self.throttles = throttles
        self.clock = clock
    }

    /// How many rows one sweep deleted.
    public struct Report: Sendable, Equatable {
        public var sessionsAndResets: Int
        public var throttles: Int
        public var topUps: Int
    }

    public func sweepOnce() async throws -> Report {
        let now = clock.now()
        return Report(
            sessionsAndResets: try await accounts.sweepExpired(now: now),
            throttles: try await throttles.sweep(now: now),
            topUps: try await commerce.deleteAbandonedTopUps(openedBefore: now - Self.abandonedTopUpAge))
    }

    /// Sweeps every `interval` until the task is cancelled; failures are logged and retried next time.
    public func run(logger: Logger) async {
        while !Task.isCancelled {
            do {
                let report = try await sweepOnce()
                if report != Report(sessionsAndResets: 0, throttles: 0, topUps: 0) {
                    logger.info(
                        "swept",
                        metadata: [
                            "sessionsAndResets": "\(report.sessionsAndResets)", "throttles": "\(report.throttles)",
                            "topUps": "\(report.topUps)",
                        ])
                }
            } catch {
                logger.warning("sweep failed", metadata: ["error": "\(ErrorText.of(error))"])
            }
            try? await Task.sleep(for: Self.interval)
        }
    }
}
