import SoTubeStoreSQL

/// What `/healthz` and `/readyz` ask: is the database answering, and at which schema version?
public protocol HealthCheck: Sendable {
    func ping() async throws
    func schemaVersion() async throws -> Int
}

extension SoTubeDatabase: HealthCheck {}
