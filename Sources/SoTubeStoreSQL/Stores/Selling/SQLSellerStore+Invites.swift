import Foundation
import SQLKit
import SoTubeCore

/// Invitations to sell: made by an operator, taken by the new account that signs up through the link.
extension SQLSellerStore {
    public func createInvite(_ invite: SellerInvite, audit: AuditEntry) async throws {
        try await backend.transaction { db in
            try await db.raw(
                """
                INSERT INTO invites (token_hash, email, role, label_name, artist_names, created_at, expires_at)
                VALUES (\(bind: invite.tokenHash), \(bind: invite.email), \(bind: invite.role.rawValue),
                    \(bind: invite.labelName), \(bind: Self.encodeNames(invite.artistNames)),
                    \(bind: invite.createdAt.epochMillis), \(bind: invite.expiresAt.epochMillis))
                """
            ).run()
            try await SQLAuditLog.insert(audit, into: db)
        }
    }

    /// An invitation that can still be taken at `now`; nil when unknown, used or expired.
    public func openInvite(tokenHash: String, now: Date) async throws -> SellerInvite? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT token_hash, email, role, label_name, artist_names, created_at, expires_at, accepted_by
                    FROM invites WHERE token_hash = \(bind: tokenHash) AND accepted_by IS NULL
                        AND expires_at > \(bind: now.epochMillis)
                    """
                ).first(),
                let role = UserRole(rawValue: try row.decode(column: "role", as: String.self))
            else { return nil }
            return SellerInvite(
                tokenHash: tokenHash, email: try row.decode(column: "email", as: String.self), role: role,
                labelName: try row.decode(column: "label_name", as: String?.self),
                artistNames: Self.decodeNames(try row.decode(column: "artist_names", as: String.self)),
                createdAt: Date(epochMillis: try row.decode(column: "created_at", as: Int64.self)),
                expiresAt: Date(epochMillis: try row.decode(column: "expires_at", as: Int64.self)))
        }
    }

    /// Marks the invitation taken by `userID` and gives that account its role and artists, in one
    /// transaction. Throws notFound when it was taken or expired meanwhile.
    public func acceptInvite(tokenHash: String, userID: String, now: Date, ids: any IDSource) async throws
        -> SellerAccount
    {
        try await backend.transaction { db in
            guard
                let row = try await db.raw(
                    """
                    UPDATE invites SET accepted_by = \(bind: userID)
                    WHERE token_hash = \(bind: tokenHash) AND accepted_by IS NULL AND expires_at > \(bind: now.epochMillis)
                    RETURNING role, label_name, artist_names
                    """
                ).first(),
                let role = UserRole(rawValue: try row.decode(column: "role", as: String.self))
            else { throw DomainError.notFound(what: "The invitation") }
            try await Self.link(
                db, userID: userID, role: role, labelName: try row.decode(column: "label_name", as: String?.self),
                artistNames: Self.decodeNames(try row.decode(column: "artist_names", as: String.self)), now: now,
                ids: ids)
        }
        guard let account = try await account(userID: userID) else { throw DomainError.notFound(what: "The account") }
        return account
    }

    static func encodeNames(_ names: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(names), as: UTF8.self)) ?? "[]"
    }

    static func decodeNames(_ text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
