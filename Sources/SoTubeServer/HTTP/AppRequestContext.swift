import Foundation
import Hummingbird
import SoTubeCore

/// Who is calling: the logged-in user and how they proved it.
public struct Identity: Sendable {
    public var user: User
    public var sessionTokenHash: String
    public var viaCookie: Bool
    /// When this session last proved the password (its sign-in, or a later confirmation).
    public var passwordProvedAt: Date = .distantPast
}

public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    /// The address of the connection's other end ("unknown" when the channel has none).
    public let peerAddress: String
    /// The client's address, for throttling: the peer, or what a trusted proxy says it forwards for.
    public var clientAddress: String
    /// Whether the client reached us over TLS (only a trusted proxy's `X-Forwarded-Proto` can say so;
    /// this server speaks plain HTTP itself).
    public var isSecure = false

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.identity = nil
        self.peerAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        self.clientAddress = peerAddress
    }

    /// JSON bodies larger than this are refused with 413.
    public var maxUploadSize: Int { 1 << 20 }

    /// The logged-in user, or a 401 problem.
    public func requireIdentity() throws -> Identity {
        guard let identity else { throw DomainError.unauthorized(reason: "Log in to do this.") }
        return identity
    }
}
