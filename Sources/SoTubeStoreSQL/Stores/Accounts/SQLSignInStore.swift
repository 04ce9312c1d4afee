import Foundation
import SQLKit
import SoTubeCore

/// External identities in `user_identities` and sign-in grants in `sign_in_grants`. Taking a grant is
/// one conditional `UPDATE … RETURNING`, so a state or code is taken once however many servers see it.
public struct SQLSignInStore: SignInStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    public func identity(issuer: String, subject: String) async throws -> ExternalIdentity? {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT issuer, subject, user_id, email, created_at FROM user_identities
                WHERE issuer = \(bind: issuer) AND subject = \(bind: subject)
                """
            ).first().map(Self.identity)
        }
    }

    public func identities(userID: String) async throws -> [ExternalIdentity] {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT issuer, subject, user_id, email, created_at FROM user_identities
                WHERE user_id = \(bind: userID) ORDER BY created_at
                """
            ).all().map(Self.identity)
        }
    }

    public func link(_ identity: ExternalIdentity) async throws {
        try await backend.transaction { db in
            let inserted = try await db.raw(
                """
                INSERT INTO user_identities (issuer, subject, user_id, email, created_at)
                VALUES (\(bind: identity.issuer), \(bind: identity.subject), \(bind: identity.userID),
                    \(bind: identity.email), \(bind: identity.createdAt.epochMillis))
                ON CONFLICT (issuer, subject) DO NOTHING RETURNING user_id
                """
            ).all()
            guard !inserted.isEmpty else {
                throw DomainError.conflict(field: nil, reason: "This sign-in is linked to an account already.")
            }
        }
    }

    public func putGrant(hash: String, purpose: SignInGrantPurpose, payload: String, expiresAt: Date) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO sign_in_grants (grant_hash, purpose, payload, expires_at, used_at)
                VALUES (\(bind: hash), \(bind: purpose.rawValue), \(bind: payload), \(bind: expiresAt.epochMillis), NULL)
                """
            ).run()
        }
    }

    public func takeGrant(hash: String, purpose: SignInGrantPurpose, now: Date) async throws -> String? {
        try await backend.transaction { db in
            try await db.raw(
                """
                UPDATE sign_in_grants SET used_at = \(bind: now.epochMillis)
                WHERE grant_hash = \(bind: hash) AND purpose = \(bind: purpose.rawValue) AND used_at IS NULL
                    AND expires_at > \(bind: now.epochMillis)
                RETURNING payload
                """
            ).first()?.decode(column: "payload", as: String.self)
        }
    }

    public func peekGrant(hash: String, purpose: SignInGrantPurpose, now: Date) async throws -> String? {
        try await backend.read { db in
            try await db.raw(
                """
                SELECT payload FROM sign_in_grants
                WHERE grant_hash = \(bind: hash) AND purpose = \(bind: purpose.rawValue) AND used_at IS NULL
                    AND expires_at > \(bind: now.epochMillis)
                """
            ).first()?.decode(column: "payload", as: String.self)
        }
    }

    static func identity(_ row: any SQLRow) throws -> ExternalIdentity {
        ExternalIdentity(
            issuer: try row.decode(column: "issuer", as: String.self),
            subject: try row.decode(column: "subject", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            email: try row.decode(column: "email", as: String?.self),
            createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)))
    }
}
