import Foundation
import SoTubeCore

/// Two-step sign-in in memory, with the same rules as the SQL store: for tests without SQL. It runs
/// the store contract suite (`TwoFactorStoreContractTests`) beside the SQL store.
public actor InMemoryTwoFactorStore: TwoFactorStore {
    private var states: [String: TwoFactorState] = [:]
    private var codes: [String: Set<String>] = [:]

    public init() {}

    public func state(userID: String) -> TwoFactorState? {
        states[userID].map { state in
            var state = state
            state.recoveryCodesLeft = codes[userID]?.count ?? 0
            return state
        }
    }
    public func beginEnrolment(userID: String, sealedSecret: [UInt8], now: Date) throws {
        if states[userID]?.enabled == true {
            throw DomainError.conflict(
                field: nil, reason: "Two-step sign-in is on already: turn it off before enrolling again.")
        }
        states[userID] = TwoFactorState(
            userID: userID, sealedSecret: sealedSecret, enabledAt: nil, lastUsedStep: nil, recoveryCodesLeft: 0)
    }
    public func enable(userID: String, step: Int64, recoveryCodeHashes: [String], now: Date) -> Bool {
        guard var state = states[userID], !state.enabled else { return false }
        state.enabledAt = now
        state.lastUsedStep = step
        states[userID] = state
        codes[userID] = Set(recoveryCodeHashes)
        return true
    }
    public func useStep(userID: String, step: Int64) -> Bool {
        guard var state = states[userID], state.enabled, (state.lastUsedStep ?? .min) < step else { return false }
        state.lastUsedStep = step
        states[userID] = state
        return true
    }
    public func useRecoveryCode(userID: String, codeHash: String) -> Bool {
        codes[userID]?.remove(codeHash) != nil
    }
    public func disable(userID: String) {
        states[userID] = nil
        codes[userID] = nil
    }
}
