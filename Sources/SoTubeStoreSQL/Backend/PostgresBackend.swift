import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit

/// PostgreSQL through PostgresNIO's connection pool: the scale-out engine.
public final class PostgresBackend: SQLBackend, @unchecked Sendable {
    public let dialect = StoreDialect.postgres
    private let client: PostgresClient
    /// Connections for statements planned once (`rows(of:planOnce:)`): each plans its prepared and
    /// unnamed statements generically (`plan_cache_mode`), for any binds, so they hold nothing else.
    /// PostgreSQL's default plans such a statement anew on most calls, and a setting of the main
    /// pool would reach every other query of the store, whose plans may depend on their binds.
    private let plannedOnce: PostgresClient
    private let deadlines: LeaseDeadlines
    /// Statements prepared on each of `plannedOnce`'s connections.
    package let prepared = PreparedQueries()
    private let runTask: Task<Void, Never>
    private let logger: Logger
    /// Told after each write; holds at most one untold write (`foldingSales`); nil when this process
    /// does not fold (`DatabaseSettings.foldsSales`).
    private let wrote: AsyncStream<Void>.Continuation?
    private let folding: Task<Void, Never>?
    /// How long after a write the sales rows it left are folded (`SalesPending`).
    static let foldDelay: Duration = .seconds(1)

    private init(
        client: PostgresClient, plannedOnce: PostgresClient, foldsSales: Bool, logger: Logger,
        probe: @escaping @Sendable () async -> LeaseDeadlines.Probe
    ) {
        self.client = client
        self.deadlines = LeaseDeadlines(probe: probe)
        self.plannedOnce = plannedOnce
        self.logger = logger
        self.runTask = Task {
            async let main: Void = client.run()
            async let planned: Void = plannedOnce.run()
            _ = await (main, planned)
        }
        guard foldsSales else {
            (self.wrote, self.folding) = (nil, nil)
            return
        }
        let (writes, wrote) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wrote = wrote
        self.folding = Task { [client, deadlines, lastOutage] in
            await Self.foldingSales(after: writes, logger: logger) { body in
                try await Self.leased(from: client, deadlines: deadlines, lastOutage: lastOutage, body)
            }
        }
    }

    package static func connect(
        url: String, poolSize: Int = 16, tls: DatabaseTLS = .disable, statementTimeoutMs: Int = 0,
        foldsSales: Bool = false, logger: Logger
    ) async throws -> PostgresBackend {
        let sqlConfiguration = try SQLPostgresConfiguration(url: url)
        let core = sqlConfiguration.coreConfiguration
        guard let host = core.host, let port = core.port else {
            throw StoreError.configuration("A PostgreSQL URL needs a host and a port: \(url)")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: core.username, password: core.password,
            database: core.database, tls: tls.clientTLS())
        configuration.options.maximumConnections = max(1, poolSize)
        let timeout = ("statement_timeout", "\(max(0, statementTimeoutMs))")
        configuration.options.additionalStartupParameters = [timeout]
        // Half as many for statements planned once (searches): each holds up to
        // `PreparedQueries.perConnection` generic plans in PostgreSQL's memory.
        var plannedOnce = configuration
        plannedOnce.options.maximumConnections = max(1, (poolSize + 1) / 2)
        plannedOnce.options.additionalStartupParameters = [timeout, ("plan_cache_mode", "force_generic_plan")]
        let backend = PostgresBackend(
            client: PostgresClient(configuration: configuration),
            plannedOnce: PostgresClient(configuration: plannedOnce), foldsSales: foldsSales, logger: logger,
            probe: { await Self.probe(host: host, port: port) })
        // Fail early with a clear message when the server is not there.
        _ = try await backend.read { db in try await db.raw("SELECT 1 AS one").all() }
        return backend
    }

    /// One TCP connection attempt to the database's address, given a second (the probe of
    /// `LeaseDeadlines`): it opens, it is refused (a stopped server refuses at once), or no answer
    /// comes in time.
    static func probe(host: String, port: Int) async -> LeaseDeadlines.Probe {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1)).connect(host: host, port: port).get()
            try? await channel.close()
            return .answers
        } catch {
            return isTimeout(error) ? .noAnswer : .refused
        }
    }

    /// Whether a connection attempt failed for want of an answer in time (not a refusal).
    private static func isTimeout(_ error: any Error) -> Bool {
        if case ChannelError.connectTimeout = error { return true }
        guard let failed = error as? NIOConnectionError else { return false }
        let errors = failed.connectionErrors.map(\.error)
        return !errors.isEmpty && errors.allSatisfy(isTimeout)
    }

    public func read<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        try await leased { connection in
            try await body(connection.sql(queryLogLevel: nil, logger: self.logger))
        }
    }

    public func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        defer { wrote?.yield() }
        return try await leased { connection in
            try await connection.sql(queryLogLevel: nil, logger: self.logger).inTransaction(body)
        }
    }

    /// `body` on a pooled connection itself, for PostgresNIO's prepared statements: each is parsed and
    /// planned once per connection instead of on every call.
    /// `writes`: `body` writes, so the sales rows it may leave are folded after it.
    package func withConnection<R: Sendable>(
        plannedOnce: Bool = false, writes: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> R
    ) async throws -> R {
        defer { if writes { wrote?.yield() } }
        return try await leased(from: plannedOnce ? self.plannedOnce : client) { connection in
            try await body(connection, self.logger)
        }
    }

    /// How long a request waits for a connection before it is told the database is unavailable. A
    /// busy pool under load is given time; once the database has been seen down, requests are told
    /// at once (the pool alone keeps them waiting for as long as it retries: measured 67 s).
    static let acquireLimit: Duration = .seconds(30)
    static let acquireLimitDuringOutage: Duration = .seconds(2)
    /// How long after an outage error requests keep the short limit.
    static let outageMemory: Duration = .seconds(30)
    private let lastOutage = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    /// `body` on a pooled connection, or `DatabaseUnavailable` when none comes in time.
    private func leased<R: Sendable>(
        from pool: PostgresClient? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> R
    ) async throws -> R {
        try await Self.leased(from: pool ?? client, deadlines: deadlines, lastOutage: lastOutage, body)
    }

    private static func leased<R: Sendable>(
        from pool: PostgresClient, deadlines: LeaseDeadlines, lastOutage: NIOLockedValueBox<ContinuousClock.Instant?>,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> R
    ) async throws -> R {
        let now = ContinuousClock.now
        let recentOutage = lastOutage.withLockedValue { $0.map { now - $0 < Self.outageMemory } ?? false }
        let limit = recentOutage ? Self.acquireLimitDuringOutage : Self.acquireLimit
        let wait = deadlines.start(until: now + limit)
        defer { deadlines.finish(wait) }
        do {
            return try await withThrowingTaskGroup(of: R?.self) { group in
                group.addTask {
                    defer { deadlines.finish(wait) }
                    return try await pool.withConnection { connection in
                        guard deadlines.acquire(wait) else { throw DatabaseUnavailable(waited: .now - now) }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    if await deadlines.expired(wait) { throw DatabaseUnavailable(waited: .now - now) }
                    return nil
                }
                while let finished = try await group.next() {
                    if let value = finished {
                        group.cancelAll()
                        return value
                    }
                }
                throw DatabaseUnavailable(waited: .now - now)
            }
        } catch {
            if DatabaseOutage.isConnectionLoss(error) { lastOutage.withLockedValue { $0 = ContinuousClock.now } }
            throw error
        }
    }

    public func shutdown() async {
        wrote?.finish()
        folding?.cancel()
        await folding?.value
        runTask.cancel()
        _ = await runTask.value
    }
}

extension DatabaseTLS {
    /// PostgresNIO's setting for this mode.
    func clientTLS() -> PostgresClient.Configuration.TLS {
        switch self {
        case .disable: return .disable
        case .require:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .require(configuration)
        case .verifyFull:
            return .require(.makeClientConfiguration())
        }
    }
}
