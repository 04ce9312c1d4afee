import Foundation
import SoTubeCore

/// Two-step sign-in in memory, with the same rules as the SQL store: for tests without SQL.
actor InMemoryTwoFactorStore: TwoFactorStore {
    private var states: [String: TwoFactorState] = [:]
    private var codes: [String: Set<String>] = [:]

    func state(userID: String) -> TwoFactorState? {
        states[userID].map { state in
            var state = state
            state.recoveryCodesLeft = codes[userID]?.count ?? 0
            return state
        }
    }
    func beginEnrolment(userID: String, sealedSecret: [UInt8], now: Date) throws {
        if states[userID]?.enabled == true { throw DomainError.conflict(field: nil, reason: "on already") }
        states[userID] = TwoFactorState(
            userID: userID, sealedSecret: sealedSecret, enabledAt: nil, lastUsedStep: nil, recoveryCodesLeft: 0)
    }
    func enable(userID: String, step: Int64, recoveryCodeHashes: [String], now: Date) -> Bool {
        guard var state = states[userID], !state.enabled else { return false }
        state.enabledAt = now
        state.lastUsedStep = step
        states[userID] = state
        codes[userID] = Set(recoveryCodeHashes)
        return true
    }
    func useStep(userID: String, step: Int64) -> Bool {
        guard var state = states[userID], state.enabled, (state.lastUsedStep ?? .min) < step else { return false }
        state.lastUsedStep = step
        states[userID] = state
        return true
    }
    func useRecoveryCode(userID: String, codeHash: String) -> Bool {
        codes[userID]?.remove(codeHash) != nil
    }
    func disable(userID: String) {
        states[userID] = nil
        codes[userID] = nil
    }
}
