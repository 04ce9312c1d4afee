import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Provider identities and single-use sign-in grants on every SQL engine: a state is taken once however
/// many servers are handed it, an expired or used one is nothing, an identity links to one account.
@Suite struct SignInStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: TestEngine.enabled)
    func aGrantIsTakenOnceEvenInParallel(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            let store = db.signIns
            try await store.putGrant(
                hash: "h1", purpose: .oidcState, payload: "{\"n\":1}", expiresAt: Self.now.addingTimeInterval(600))
            #expect(try await store.peekGrant(hash: "h1", purpose: .oidcState, now: Self.now) == "{\"n\":1}")
            #expect(try await store.takeGrant(hash: "h1", purpose: .linkTicket, now: Self.now) == nil)
            let taken = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await store.takeGrant(hash: "h1", purpose: .oidcState, now: Self.now) }
                }
                return try await group.reduce(into: [String]()) { if let payload = $1 { $0.append(payload) } }
            }
            #expect(taken == ["{\"n\":1}"])
            #expect(try await store.peekGrant(hash: "h1", purpose: .oidcState, now: Self.now) == nil)

            try await store.putGrant(hash: "h2", purpose: .appCode, payload: "x", expiresAt: Self.now)
            #expect(try await store.takeGrant(hash: "h2", purpose: .appCode, now: Self.now) == nil)
            #expect(try await store.takeGrant(hash: "unknown", purpose: .appCode, now: Self.now) == nil)
            // Expired grants are swept with expired sessions.
            #expect(try await db.accounts.sweepExpired(now: Self.now.addingTimeInterval(601)) >= 2)
        }
    }

    @Test(arguments: TestEngine.enabled)
    func anIdentityBelongsToOneAccountAndGoesWithItsErasure(_ engine: TestEngine) async throws {
        try await engine.freshDatabase().use { db in
            for id in ["u1", "u2"] {
                try await db.accounts.createUser(
                    User(
                        id: id, username: id, email: "\(id)@example.com", displayName: id, coins: 0, createdAt: Self.now
                    ),
                    passwordHash: "!external")
            }
            let store = db.signIns
            let identity = ExternalIdentity(
                issuer: "https://id.example.com", subject: "s1", userID: "u1", email: "u1@example.com",
                createdAt: Self.now)
            try await store.link(identity)
            await #expect(throws: DomainError.self) {
                var other = identity
                other.userID = "u2"
                try await store.link(other)
            }
            #expect(try await store.identity(issuer: "https://id.example.com", subject: "s1") == identity)
            #expect(try await store.identity(issuer: "https://other.example.com", subject: "s1") == nil)
            #expect(try await store.identities(userID: "u1") == [identity])
            try await db.accounts.erase(
                userID: "u1", now: Self.now,
                audit: AuditEntry(
                    id: "a1", at: Self.now, actorID: nil, actor: "test", action: .userErase, target: "u1"))
            #expect(try await store.identity(issuer: "https://id.example.com", subject: "s1") == nil)
        }
    }
}
