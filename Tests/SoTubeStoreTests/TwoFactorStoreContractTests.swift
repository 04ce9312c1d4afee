import Foundation
import SoTubeCore
import SoTubeStoreSQL
import SoTubeTestFixtures
import Testing

/// Two-step sign-in state on every engine and in memory: enrolment, turning on, each code accepted once.
@Suite struct TwoFactorStoreContractTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func addUser(_ stores: ContractStores, _ id: String) async throws {
        try await stores.accounts.createUser(
            User(id: id, username: id, email: "\(id)@example.com", displayName: id, coins: 0, createdAt: Self.now),
            passwordHash: "h")
    }

    @Test(arguments: StoreUnderTest.all)
    func enrolTurnOnAndTurnOff(_ engine: StoreUnderTest) async throws {
        try await engine.use { stores async throws in
            let store = stores.twoFactor
            try await addUser(stores, "u1")
            #expect(try await store.state(userID: "u1") == nil)
            #expect(try await store.useStep(userID: "u1", step: 5) == false)
            try await store.beginEnrolment(userID: "u1", sealedSecret: [1, 2, 3], now: Self.now)
            // A second enrolment before confirming replaces the secret.
            try await store.beginEnrolment(userID: "u1", sealedSecret: [4, 5, 6], now: Self.now)
            let pending = try #require(try await store.state(userID: "u1"))
            #expect(pending.sealedSecret == [4, 5, 6] && !pending.enabled && pending.lastUsedStep == nil)
            // A pending enrolment accepts no code yet.
            #expect(try await store.useStep(userID: "u1", step: 5) == false)

            #expect(try await store.enable(userID: "u1", step: 100, recoveryCodeHashes: ["a", "b"], now: Self.now))
            #expect(try await store.enable(userID: "u1", step: 101, recoveryCodeHashes: ["c"], now: Self.now) == false)
            let on = try #require(try await store.state(userID: "u1"))
            #expect(on.enabled && on.lastUsedStep == 100 && on.recoveryCodesLeft == 2)
            await #expect(throws: DomainError.self) {
                try await store.beginEnrolment(userID: "u1", sealedSecret: [7], now: Self.now)
            }
            #expect(try await store.state(userID: "u1")?.sealedSecret == [4, 5, 6])

            try await store.disable(userID: "u1")
            #expect(try await store.state(userID: "u1") == nil)
            #expect(try await store.useRecoveryCode(userID: "u1", codeHash: "a") == false)
        }
    }

    /// The same step or recovery code given to many servers at once is accepted exactly once.
    @Test(arguments: StoreUnderTest.all)
    func eachCodeIsAcceptedOnceEvenInParallel(_ engine: StoreUnderTest) async throws {
        try await engine.use { stores async throws in
            let store = stores.twoFactor
            try await addUser(stores, "u1")
            try await addUser(stores, "u2")
            for user in ["u1", "u2"] {
                try await store.beginEnrolment(userID: user, sealedSecret: [9], now: Self.now)
                #expect(
                    try await store.enable(userID: user, step: 100, recoveryCodeHashes: ["r1", "r2"], now: Self.now))
            }
            func race(_ attempt: @escaping @Sendable () async throws -> Bool) async throws -> Int {
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<10 { group.addTask { try await attempt() } }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
            }
            #expect(try await race { try await store.useStep(userID: "u1", step: 101) } == 1)
            #expect(try await store.useStep(userID: "u1", step: 100) == false)
            #expect(try await store.useStep(userID: "u1", step: 102))
            #expect(try await store.state(userID: "u1")?.lastUsedStep == 102)
            #expect(try await race { try await store.useRecoveryCode(userID: "u1", codeHash: "r1") } == 1)
            #expect(try await store.state(userID: "u1")?.recoveryCodesLeft == 1)
            // Another user's codes and steps are their own.
            #expect(try await store.useRecoveryCode(userID: "u2", codeHash: "r1"))
            #expect(try await store.useStep(userID: "u2", step: 101))
            #expect(try await store.useRecoveryCode(userID: "u2", codeHash: "r2"))
            #expect(try await store.useRecoveryCode(userID: "u1", codeHash: "r2"))
            #expect(try await store.state(userID: "u1")?.recoveryCodesLeft == 0)
        }
    }
}
