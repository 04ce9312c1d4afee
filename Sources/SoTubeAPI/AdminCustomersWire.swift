import Foundation

// Wire types of the operator's console (`/api/v1/admin/…`, docs/console.md): customers.
// Money is integers: amounts in minor units, coins as whole coins.

/// An account as the console shows it.
public struct AdminUserDTO: Codable, Sendable, Equatable {
    public var id: String
    public var username: String
    public var email: String
    public var displayName: String
    public var coins: Int
    /// `buyer` or `operator`.
    public var role: String
    public var locked: Bool
    public var createdAt: Date
    public init(
        id: String, username: String, email: String, displayName: String, coins: Int, role: String, locked: Bool,
        createdAt: Date
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.coins = coins
        self.role = role
        self.locked = locked
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/admin/users`.
public struct AdminUserListDTO: Codable, Sendable, Equatable {
    public var users: [AdminUserDTO]
    public init(users: [AdminUserDTO]) { self.users = users }
}

public struct AdminPurchaseDTO: Codable, Sendable, Equatable {
    public var id: String
    /// `track` or `album`.
    public var kind: String
    public var title: String
    public var coins: Int
    public var createdAt: Date
    public init(id: String, kind: String, title: String, coins: Int, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.title = title
        self.coins = coins
        self.createdAt = createdAt
    }
}

public struct AdminTopUpDTO: Codable, Sendable, Equatable {
    public var id: String
    public var packId: String
    public var coins: Int
    /// Minor units.
    public var amount: Int
    public var currency: String
    /// `pending`, `captured`, `declined` or `cancelled`.
    public var status: String
    public var createdAt: Date
    public init(
        id: String, packId: String, coins: Int, amount: Int, currency: String, status: String, createdAt: Date
    ) {
        self.id = id
        self.packId = packId
        self.coins = coins
        self.amount = amount
        self.currency = currency
        self.status = status
        self.createdAt = createdAt
    }
}

public struct AdminLedgerEntryDTO: Codable, Sendable, Equatable {
    public var id: String
    /// `purchase`, `top-up`, `gift-code` or `grant`.
    public var kind: String
    public var delta: Int
    public var balanceAfter: Int
    public var description: String
    public var createdAt: Date
    public init(id: String, kind: String, delta: Int, balanceAfter: Int, description: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.delta = delta
        self.balanceAfter = balanceAfter
        self.description = description
        self.createdAt = createdAt
    }
}

/// `GET /api/v1/admin/users/{id}`.
public struct AdminUserDetailDTO: Codable, Sendable, Equatable {
    public var user: AdminUserDTO
    public var twoFactorEnabled: Bool
    /// Live sessions.
    public var sessions: Int
    public var purchases: [AdminPurchaseDTO]
    public var topUps: [AdminTopUpDTO]
    /// The newest 200 ledger entries.
    public var ledger: [AdminLedgerEntryDTO]
    public init(
        user: AdminUserDTO, twoFactorEnabled: Bool, sessions: Int, purchases: [AdminPurchaseDTO],
        topUps: [AdminTopUpDTO], ledger: [AdminLedgerEntryDTO]
    ) {
        self.user = user
        self.twoFactorEnabled = twoFactorEnabled
        self.sessions = sessions
        self.purchases = purchases
        self.topUps = topUps
        self.ledger = ledger
    }
}

/// `POST /api/v1/admin/users/{id}/coins`: grant (positive) or take (negative) coins.
public struct CoinAdjustmentRequest: Codable, Sendable {
    public var coins: Int
    public var reason: String
    public init(coins: Int, reason: String) {
        self.coins = coins
        self.reason = reason
    }
}

public struct CoinAdjustmentDTO: Codable, Sendable, Equatable {
    public var coins: Int
    public var balance: Int
    public init(coins: Int, balance: Int) {
        self.coins = coins
        self.balance = balance
    }
}

/// `PUT /api/v1/admin/users/{id}/role`.
public struct RoleRequest: Codable, Sendable {
    /// `buyer` or `operator`.
    public var role: String
    public init(role: String) { self.role = role }
}

public struct SessionsEndedDTO: Codable, Sendable, Equatable {
    public var ended: Int
    public init(ended: Int) { self.ended = ended }
}

/// `POST /api/v1/admin/users/{id}/erase`.
public struct EraseRequest: Codable, Sendable {
    /// Why (the customer asked, …): kept in the audit log.
    public var reason: String
    public init(reason: String) { self.reason = reason }
}
