import Foundation
import SQLKit
import SoTubeCore

/// Two-step sign-in in `two_factor` and `two_factor_recovery_codes`. The sealed secret is stored
/// as base64. Accepting a code is one conditional `UPDATE` or `DELETE`, so it happens once however
/// many servers are given the same code.
public struct SQLTwoFactorStore: TwoFactorStore {
    let backend: any SQLBackend
    package init(backend: any SQLBackend) { self.backend = backend }

    public func state(userID: String) async throws -> TwoFactorState? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT sealed_secret, enabled_at, last_used_step,
                        (SELECT COUNT(*) FROM two_factor_recovery_codes c WHERE c.user_id = t.user_id) AS codes_left
                    FROM two_factor t WHERE t.user_id = \(bind: userID)
                    """
                ).first()
            else { return nil }
            return TwoFactorState(
                userID: userID,
                sealedSecret: Array(
                    Data(base64Encoded: try row.decode(column: "sealed_secret", as: String.self)) ?? Data()),
                enabledAt: try row.decode(column: "enabled_at", as: Int64?.self).map(Date.init(epochMillis:)),
                lastUsedStep: try row.decode(column: "last_used_step", as: Int64?.self),
                recoveryCodesLeft: try row.decode(column: "codes_left", as: Int.self))
        }
    }

    public func beginEnrolment(userID: String, sealedSecret: [UInt8], now: Date) async throws {
        let sealed = Data(sealedSecret).base64EncodedString()
        try await backend.transaction { db in
            let enabled = try await db.raw(
                "SELECT enabled_at FROM two_factor WHERE user_id = \(bind: userID)"
            ).first()?.decode(column: "enabled_at", as: Int64?.self)
            if enabled != nil {
                throw DomainError.conflict(
                    field: nil, reason: "Two-step sign-in is on already: turn it off before enrolling again.")
            }
            try await db.raw("DELETE FROM two_factor WHERE user_id = \(bind: userID)").run()
            try await db.raw(
                """
                INSERT INTO two_factor (user_id, sealed_secret, created_at, enabled_at, last_used_step)
                VALUES (\(bind: userID), \(bind: sealed), \(bind: now.epochMillis), NULL, NULL)
                """
            ).run()
        }
    }

    public func enable(userID: String, step: Int64, recoveryCodeHashes: [String], now: Date) async throws -> Bool {
        try await backend.transaction { db in
            let updated = try await db.raw(
                """
                UPDATE two_factor SET enabled_at = \(bind: now.epochMillis), last_used_step = \(bind: step)
                WHERE user_id = \(bind: userID) AND enabled_at IS NULL RETURNING user_id
                """
            ).all()
            guard !updated.isEmpty else { return false }
            try await db.raw("DELETE FROM two_factor_recovery_codes WHERE user_id = \(bind: userID)").run()
            for hash in recoveryCodeHashes {
                try await db.raw(
                    "INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES (\(bind: userID), \(bind: hash))"
                ).run()
            }
            return true
        }
    }

    public func useStep(userID: String, step: Int64) async throws -> Bool {
        try await backend.transaction { db in
            try await !db.raw(
                """
                UPDATE two_factor SET last_used_step = \(bind: step)
                WHERE user_id = \(bind: userID) AND enabled_at IS NOT NULL
                    AND (last_used_step IS NULL OR last_used_step < \(bind: step))
                RETURNING user_id
                """
            ).all().isEmpty
        }
    }

    public func useRecoveryCode(userID: String, codeHash: String) async throws -> Bool {
        try await backend.transaction { db in
            try await !db.raw(
                """
                DELETE FROM two_factor_recovery_codes WHERE user_id = \(bind: userID) AND code_hash = \(bind: codeHash)
                RETURNING user_id
                """
            ).all().isEmpty
        }
    }

    public func disable(userID: String) async throws {
        try await backend.transaction { db in
            try await db.raw("DELETE FROM two_factor_recovery_codes WHERE user_id = \(bind: userID)").run()
            try await db.raw("DELETE FROM two_factor WHERE user_id = \(bind: userID)").run()
        }
    }
}
