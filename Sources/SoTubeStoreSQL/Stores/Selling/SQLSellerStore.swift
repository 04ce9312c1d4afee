import Foundation
import SQLKit
import SoTubeCore

/// Artists and labels (issue 31): the store's selling settings, which accounts speak for which catalog
/// artists, invitations. Earnings, statements and payouts are in `+Earnings`, releases in `+Releases`.
public struct SQLSellerStore: Sendable {
    let backend: any SQLBackend
    let searchIndex: SQLSearchIndex

    package init(backend: any SQLBackend) {
        self.backend = backend
        self.searchIndex = SQLSearchIndex(backend: backend)
    }

    // MARK: settings

    public func settings() async throws -> SellingSettings {
        try await backend.read { db in try await Self.settings(db) }
    }

    static func settings(_ db: any SQLDatabase) async throws -> SellingSettings {
        var values: [String: String] = [:]
        for row in try await db.raw("SELECT key, value FROM store_settings").all() {
            values[try row.decode(column: "key", as: String.self)] = try row.decode(column: "value", as: String.self)
        }
        var settings = SellingSettings.standard
        if let points = values["commission_bp"].flatMap(Int.init), (0...RevenueSplit.maxBasisPoints).contains(points) {
            settings.commissionBasisPoints = points
        }
        if let amount = values["coin_value_amount"].flatMap(Int.init), amount >= 0,
            let currency = values["coin_value_currency"], currency.count == 3
        {
            settings.coinValue = Money(amount: amount, currency: currency)
        }
        return settings
    }

    public func saveSettings(_ settings: SellingSettings, audit: AuditEntry) async throws {
        try await backend.transaction { db in
            let values = [
                ("commission_bp", String(settings.commissionBasisPoints)),
                ("coin_value_amount", String(settings.coinValue.amount)),
                ("coin_value_currency", settings.coinValue.currency),
            ]
            for (key, value) in values {
                try await db.raw(
                    """
                    INSERT INTO store_settings (key, value) VALUES (\(bind: key), \(bind: value))
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """
                ).run()
            }
            try await SQLAuditLog.insert(audit, into: db)
        }
    }

    // MARK: accounts

    /// The account with its artists and balance; nil when it is not an artist's or a label's.
    public func account(userID: String) async throws -> SellerAccount? {
        try await backend.read { db in
            let settings = try await Self.settings(db)
            guard
                let row = try await db.raw(
                    """
                    SELECT \(unsafeRaw: SQLAccountStore.userColumns), label_name FROM users
                    WHERE id = \(bind: userID) AND role IN ('artist', 'label')
                    """
                ).first()
            else { return nil }
            return try await Self.account(row, db, settings)
        }
    }

    /// Every artist's and label's account, by username.
    public func accounts() async throws -> [SellerAccount] {
        try await backend.read { db in
            let settings = try await Self.settings(db)
            var accounts: [SellerAccount] = []
            for row in try await db.raw(
                """
                SELECT \(unsafeRaw: SQLAccountStore.userColumns), label_name FROM users
                WHERE role IN ('artist', 'label') ORDER BY username_key
                """
            ).all() {
                accounts.append(try await Self.account(row, db, settings))
            }
            return accounts
        }
    }

    static func account(_ row: any SQLRow, _ db: any SQLDatabase, _ settings: SellingSettings) async throws
        -> SellerAccount
    {
        let user = try SQLAccountStore.decodeCredentials(row).user
        let artists = try await db.raw(
            """
            SELECT ar.id, ar.name, aa.commission_bp FROM artist_accounts aa JOIN artists ar ON ar.id = aa.artist_id
            WHERE aa.user_id = \(bind: user.id) ORDER BY ar.name_key
            """
        ).all().map { row in
            let override = try row.decode(column: "commission_bp", as: Int?.self)
            return SellingArtist(
                id: try row.decode(column: "id", as: String.self),
                name: try row.decode(column: "name", as: String.self),
                commissionOverride: override, commissionBasisPoints: override ?? settings.commissionBasisPoints)
        }
        return SellerAccount(
            user: user, labelName: try row.decode(column: "label_name", as: String?.self), artists: artists,
            balance: try await balance(db, account: user.id))
    }

    static func balance(_ db: any SQLDatabase, account: String) async throws -> Int {
        try await db.raw("SELECT balance FROM earning_balances WHERE account = \(bind: account)").first()?
            .decode(column: "balance", as: Int.self) ?? 0
    }

    /// Makes the account an artist's or label's and links it to the named catalog artists (made when
    /// the catalog has none of that name yet). 409 when another account already sells one of them.
    public func link(
        userID: String, role: UserRole, labelName: String?, artistNames: [String], now: Date, ids: any IDSource,
        audit: AuditEntry?
    ) async throws -> SellerAccount {
        try await backend.transaction { db in
            try await Self.link(
                db, userID: userID, role: role, labelName: labelName, artistNames: artistNames, now: now, ids: ids)
            if let audit { try await SQLAuditLog.insert(audit, into: db) }
        }
        guard let account = try await account(userID: userID) else { throw DomainError.notFound(what: "The account") }
        return account
    }

    static func link(
        _ db: any SQLDatabase, userID: String, role: UserRole, labelName: String?, artistNames: [String], now: Date,
        ids: any IDSource
    ) async throws {
        let updated = try await db.raw(
            """
            UPDATE users SET role = \(bind: role.rawValue), label_name = \(bind: labelName)
            WHERE id = \(bind: userID) AND erased_at IS NULL RETURNING id
            """
        ).all()
        guard !updated.isEmpty else { throw DomainError.notFound(what: "The account") }
        for name in artistNames {
            let artistID = try await SQLCatalogWriter.artistID(
                db, name: name, bio: nil, now: now.epochMillis, ids: ids)
            if let owner = try await db.raw("SELECT user_id FROM artist_accounts WHERE artist_id = \(bind: artistID)")
                .first()?.decode(column: "user_id", as: String.self)
            {
                guard owner == userID else {
                    throw DomainError.conflict(field: "artists", reason: "\(name) is already sold by another account.")
                }
                continue
            }
            try await db.raw(
                """
                INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at)
                VALUES (\(bind: artistID), \(bind: userID), NULL, \(bind: now.epochMillis))
                """
            ).run()
        }
    }

    /// Sets (or with nil clears) one artist's commission. Throws notFound for an artist no account sells.
    public func setCommission(artistID: String, basisPoints: Int?, audit: AuditEntry) async throws {
        try await backend.transaction { db in
            let rows = try await db.raw(
                """
                UPDATE artist_accounts SET commission_bp = \(bind: basisPoints) WHERE artist_id = \(bind: artistID)
                RETURNING artist_id
                """
            ).all()
            guard !rows.isEmpty else { throw DomainError.notFound(what: "The selling artist") }
            try await SQLAuditLog.insert(audit, into: db)
        }
    }

    /// The artist of that name that an account sells, if any.
    public func sellingArtist(named name: String) async throws -> (id: String, userID: String)? {
        try await backend.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT aa.artist_id, aa.user_id FROM artist_accounts aa JOIN artists ar ON ar.id = aa.artist_id
                    WHERE ar.name_key = \(bind: SQLCatalogWriter.key(name))
                    """
                ).first()
            else { return nil }
            return (
                try row.decode(column: "artist_id", as: String.self), try row.decode(column: "user_id", as: String.self)
            )
        }
    }
}
