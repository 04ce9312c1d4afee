import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// The account store's contract, on every engine and on the in-memory store.
@Suite struct AccountStoreContractTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func user(_ id: String, _ name: String) -> User {
        User(id: id, username: name, email: "\(name)@example.com", displayName: name, coins: 0, createdAt: Self.now)
    }

    @Test(arguments: StoreUnderTest.all)
    func usersAreUniqueByCaseInsensitiveNameAndEmail(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            let accounts = stores.accounts
            try await accounts.createUser(user("u1", "Alice"), passwordHash: "h1")
            await #expect(throws: DomainError.conflict(field: "username", reason: "This username is taken.")) {
                try await accounts.createUser(
                    User(
                        id: "u2", username: "ALICE", email: "x@example.com", displayName: "x", coins: 0,
                        createdAt: Self.now), passwordHash: "h")
            }
            await #expect(throws: DomainError.conflict(field: "email", reason: "An account with this email exists.")) {
                try await accounts.createUser(
                    User(
                        id: "u3", username: "other", email: "ALICE@example.com", displayName: "x", coins: 0,
                        createdAt: Self.now), passwordHash: "h")
            }
            let found = try #require(try await accounts.credentials(username: "alice"))
            #expect(found.user.id == "u1")
            #expect(found.user.username == "Alice")
            #expect(found.passwordHash == "h1")
            #expect(try await accounts.user(email: "Alice@Example.com")?.id == "u1")
            #expect(try await accounts.listUsers().map(\.id) == ["u1"])
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func sessionsExpireAndPasswordChangeEndsOthers(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            let accounts = stores.accounts
            try await accounts.createUser(user("u1", "bob"), passwordHash: "h1")
            for token in ["a", "b", "c"] {
                try await accounts.createSession(
                    Session(
                        tokenHash: token, userID: "u1", createdAt: Self.now, expiresAt: Self.now + 60,
                        remember: token == "c"))
            }
            #expect(try await accounts.session(tokenHash: "a", now: Self.now)?.userID == "u1")
            #expect(try await accounts.session(tokenHash: "a", now: Self.now + 61) == nil)
            #expect(try await accounts.session(tokenHash: "c", now: Self.now)?.remember == true)
            let joined = try #require(try await accounts.sessionWithUser(tokenHash: "c", now: Self.now))
            #expect(joined.user.username == "bob")
            #expect(joined.session.remember)
            #expect(joined.session.expiresAt == Self.now + 60)
            // Every field of both, as the separate lookups read them (PostgreSQL decodes the joined
            // row by position: a column out of order would show here).
            try await accounts.setLanguage(userID: "u1", language: "fr")
            try await accounts.createSession(
                Session(
                    tokenHash: "d", userID: "u1", createdAt: Self.now + 1, expiresAt: Self.now + 90, remember: false))
            let full = try #require(try await accounts.sessionWithUser(tokenHash: "d", now: Self.now))
            #expect(full.user == (try await accounts.credentials(id: "u1"))?.user)
            #expect(full.user.language == "fr" && full.user.email == "bob@example.com")
            #expect(full.session == (try await accounts.session(tokenHash: "d", now: Self.now)))
            #expect(full.session.createdAt == Self.now + 1 && full.session.expiresAt == Self.now + 90)
            #expect(try await accounts.sessionWithUser(tokenHash: "c", now: Self.now + 61) == nil)
            try await accounts.setPassword(userID: "u1", passwordHash: "h2", keepSession: "b")
            #expect(try await accounts.session(tokenHash: "a", now: Self.now) == nil)
            #expect(try await accounts.session(tokenHash: "b", now: Self.now) != nil)
            #expect(try await accounts.session(tokenHash: "c", now: Self.now) == nil)
            #expect(try await accounts.session(tokenHash: "d", now: Self.now) == nil)
            #expect(try await accounts.credentials(id: "u1")?.passwordHash == "h2")
            try await accounts.deleteSession(tokenHash: "b")
            #expect(try await accounts.session(tokenHash: "b", now: Self.now) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func passwordResetsAreSingleUseAndExpire(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            let accounts = stores.accounts
            try await accounts.createUser(user("u1", "carol"), passwordHash: "h")
            try await accounts.createPasswordReset(
                PasswordReset(tokenHash: "r1", userID: "u1", expiresAt: Self.now + 60))
            try await accounts.createPasswordReset(
                PasswordReset(tokenHash: "r2", userID: "u1", expiresAt: Self.now + 60))
            #expect(try await accounts.consumePasswordReset(tokenHash: "r1", now: Self.now)?.userID == "u1")
            #expect(try await accounts.consumePasswordReset(tokenHash: "r1", now: Self.now) == nil)
            #expect(try await accounts.consumePasswordReset(tokenHash: "r2", now: Self.now + 61) == nil)
            #expect(try await accounts.consumePasswordReset(tokenHash: "unknown", now: Self.now) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func renameKeepsUniqueness(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            let accounts = stores.accounts
            try await accounts.createUser(user("u1", "dave"), passwordHash: "h")
            try await accounts.createUser(user("u2", "erin"), passwordHash: "h")
            await #expect(throws: DomainError.self) { try await accounts.renameUser(id: "u1", to: "Erin") }
            try await accounts.renameUser(id: "u1", to: "David")
            #expect(try await accounts.credentials(username: "david")?.user.id == "u1")
            #expect(try await accounts.credentials(username: "dave") == nil)
        }
    }
}

@Suite struct MigrationTests {
    @Test(arguments: TestEngine.enabled)
    func migratesOnceInOrderAndRefusesANewerDatabase(_ kind: TestEngine) async throws {
        try await kind.freshDatabase(migrate: false).use { db in
            let logger = TestEngine.logger
            #expect(try await db.schemaVersion() == 0)
            let first = try await db.migrate(now: Date(), logger: logger)
            #expect(first.count == AllMigrations.list.count)
            #expect(first.first == "1 accounts")
            #expect(try await db.migrate(now: Date(), logger: logger).isEmpty)
            #expect(try await db.schemaVersion() == SoTubeDatabase.latestSchemaVersion)
            #expect(SoTubeDatabase.latestSchemaVersion == AllMigrations.list.last?.version)

            // A database migrated by a newer build: this build must refuse it.
            let future = SoTubeDatabase.latestSchemaVersion + 1
            try await db.backend.transaction { sql in
                try await sql.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: future), 'future', 0)"
                ).run()
            }
            await #expect(throws: StoreError.self) {
                try await db.migrate(now: Date(), logger: logger)
            }
        }
    }

    /// Fresh migrated databases are copies of one template (`MigratedTemplates`): each is at the
    /// latest version, empty, and a row written to one is in no other.
    @Test(arguments: TestEngine.enabled)
    func freshDatabasesAreMigratedEmptyAndApart(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { first in
            try await kind.freshDatabase().use { second in
                for db in [first, second] {
                    #expect(try await db.schemaVersion() == SoTubeDatabase.latestSchemaVersion)
                    #expect(try await db.accounts.listUsers().isEmpty)
                }
                let alice = User(
                    id: "u1", username: "alice", email: "alice@example.com", displayName: "Alice", coins: 0,
                    createdAt: TestEngine.now)
                try await first.accounts.createUser(alice, passwordHash: "h")
                #expect(try await first.accounts.listUsers().map(\.id) == ["u1"])
                #expect(try await second.accounts.listUsers().isEmpty)
            }
        }
        // The template itself was not written to: a third copy is empty too.
        let third = try await kind.freshDatabase().use { try await $0.accounts.listUsers() }
        #expect(third.isEmpty)
    }
}

extension AccountStoreContractTests {
    /// A password change or a completed reset revokes every app password of the user, in the same
    /// transaction (players need a new one); other users' stay.
    @Test(arguments: TestEngine.enabled)
    func settingAPasswordRevokesTheUsersAppPasswords(_ kind: TestEngine) async throws {
        try await kind.freshDatabase().use { db in
            let accounts = db.accounts
            try await accounts.createUser(user("u1", "bob"), passwordHash: "h1")
            try await accounts.createUser(user("u2", "cat"), passwordHash: "h1")
            for (id, owner) in [("a1", "u1"), ("a2", "u1"), ("a3", "u2")] {
                try await db.appPasswords.create(
                    AppPassword(
                        id: id, userID: owner, label: id, secretHash: "hash-\(id)", sealedSecret: [1],
                        createdAt: Self.now,
                        lastUsedAt: nil))
            }
            try await accounts.setPassword(userID: "u1", passwordHash: "h2", keepSession: nil)
            #expect(try await db.appPasswords.list(userID: "u1").isEmpty)
            #expect(try await db.appPasswords.find(secretHash: "hash-a1") == nil)
            #expect(try await db.appPasswords.list(userID: "u2").map(\.id) == ["a3"])
        }
    }

    /// The last sign-in address (the owner's own log-in allowance) and ending every session.
    @Test(arguments: StoreUnderTest.all)
    func signInsAreRememberedAndSessionsEndTogether(_ kind: StoreUnderTest) async throws {
        try await kind.use { stores in
            let accounts = stores.accounts
            try await accounts.createUser(user("u1", "bob"), passwordHash: "h1")
            try await accounts.createUser(user("u2", "cat"), passwordHash: "h1")
            #expect(try await accounts.lastSignInAddress(userID: "u1") == nil)
            try await accounts.recordSignIn(userID: "u1", address: "198.51.100.7", at: Self.now)
            try await accounts.recordSignIn(userID: "u1", address: "2001:db8::1", at: Self.now + 5)
            #expect(try await accounts.lastSignInAddress(userID: "u1") == "2001:db8::1")
            #expect(try await accounts.lastSignInAddress(userID: "u2") == nil)
            for (token, owner) in [("a", "u1"), ("b", "u1"), ("c", "u2")] {
                try await accounts.createSession(
                    Session(
                        tokenHash: token, userID: owner, createdAt: Self.now, expiresAt: Self.now + 60, remember: false)
                )
            }
            try await accounts.endSessions(userID: "u1")
            #expect(try await accounts.session(tokenHash: "a", now: Self.now) == nil)
            #expect(try await accounts.session(tokenHash: "b", now: Self.now) == nil)
            #expect(try await accounts.session(tokenHash: "c", now: Self.now) != nil)
        }
    }
}
