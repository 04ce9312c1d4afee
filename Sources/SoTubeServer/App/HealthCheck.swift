import SoTubeStoreSQL

/// What `/healthz` asks: is the database answering?
public protocol HealthCheck: Sendable {
    func ping() async throws
}

extension SoTubeDatabase: HealthCheck {}
