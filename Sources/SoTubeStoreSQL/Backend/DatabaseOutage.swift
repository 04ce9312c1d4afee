import PostgresNIO
import _ConnectionPoolModule

/// Errors that mean "the database cannot answer right now" (PostgreSQL restarting or unreachable,
/// connections dropped, a statement cancelled by the timeout), as opposed to a wrong request or a
/// bug: the same request may well succeed a moment later, so the server answers 503 with
/// Retry-After instead of 500.
public enum DatabaseOutage {
    public static func isOutage(_ error: any Error) -> Bool {
        // The pool gives up at once while it cannot connect (its circuit breaker), and keeps trying
        // to reconnect in the background.
        if error is ConnectionPoolError || error is DatabaseUnavailable { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
            .queryCancelled:
            return true
        case .server:
            // 57: operator intervention (admin shutdown, cancelled by the statement timeout),
            // 08: connection exceptions, 53300: too many connections.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57") || state.hasPrefix("08") || state == "53300"
        default:
            return false
        }
    }
}

/// No database connection came in time (PostgresBackend.acquireLimit).
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    public var description: String { "no database connection became free in time" }
}
