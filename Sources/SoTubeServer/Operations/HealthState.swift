import NIOConcurrencyHelpers
import SoTubeCore

/// `/healthz`'s answer: whether the database answered a ping, asked at most once per `maxAge`
/// (a load balancer or monitor polling many times a second costs one query a second). One caller
/// pings; the others get the last answer meanwhile.
final class HealthState: Sendable {
    private struct State {
        var checkedAt: ContinuousClock.Instant?
        var failure: String?
        var checking = false
    }

    let database: any HealthCheck
    let maxAge: Duration
    private let state = NIOLockedValueBox(State())

    init(database: any HealthCheck, maxAge: Duration = .seconds(1)) {
        self.database = database
        self.maxAge = maxAge
    }

    /// nil when the database answers, else what went wrong.
    func failure() async -> String? {
        let now = ContinuousClock.now
        let (due, last) = state.withLockedValue { state -> (Bool, String?) in
            let stale = state.checkedAt.map { now - $0 >= maxAge } ?? true
            guard stale, !state.checking else { return (false, state.failure) }
            state.checking = true
            return (true, nil)
        }
        guard due else { return last }
        var failure: String?
        do { try await database.ping() } catch { failure = ErrorText.of(error) }
        state.withLockedValue { state in
            state.checkedAt = now
            state.failure = failure
            state.checking = false
        }
        return failure
    }
}
