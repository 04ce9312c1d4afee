import PostgresNIO
import _ConnectionPoolModule

/// Errors that mean "the database cannot answer right now" (PostgreSQL restarting or unreachable,
/// connections dropped, a statement cancelled by the timeout), as opposed to a wrong request or a
/// bug: the same request may well succeed a moment later, so the server answers 503 with
/// Retry-After instead of 500.
public enum DatabaseOutage {
    public static func isOutage(_ error: any Error) -> Bool {
        if isConnectionLoss(error) { return true }
        guard let error = error as? PSQLError else { return false }
        if error.code == .queryCancelled { return true }
        // 57014: cancelled by the statement timeout; 53300: too many connections.
        let state = error.serverInfo?[.sqlState] ?? ""
        return error.code == .server && (state == "57014" || state == "53300")
    }

    /// The database itself is gone or unreachable (not merely slow): the pool cannot connect, a
    /// connection dropped, or the server is shutting down.
    public static func isConnectionLoss(_ error: any Error) -> Bool {
        // The pool gives up at once while it cannot connect (its circuit breaker), and keeps trying
        // to reconnect in the background.
        if error is ConnectionPoolError || error is DatabaseUnavailable { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            // 57P01–57P03: the server is shutting down or starting; 08: connection exceptions.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08")
        default:
            return false
        }
    }
}

/// No database connection came in time (PostgresBackend.acquireLimit), or the database refused
/// connections while the request waited (LeaseDeadlines).
public struct DatabaseUnavailable: Error, CustomStringConvertible {
    /// How long the request waited: about the limit, or about a second when the database refused.
    public var waited: Duration = .zero

    public init(waited: Duration = .zero) { self.waited = waited }

    public var description: String {
        "no database connection became free in time (waited \((waited.seconds * 10).rounded() / 10) s)"
    }
}
