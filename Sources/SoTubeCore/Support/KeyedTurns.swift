/// One caller at a time for each key (`Turns` with a limit of one per key), in the order they came;
/// callers with different keys do not wait for each other. A key's gate is dropped when nobody holds
/// or waits for it.
public actor KeyedTurns {
    private var gates: [String: (gate: Turns, users: Int)] = [:]

    public init() {}

    public func take<T: Sendable>(_ key: String, _ body: @Sendable () async throws -> T) async rethrows -> T {
        let gate = gates[key]?.gate ?? Turns(limit: 1)
        gates[key] = (gate, (gates[key]?.users ?? 0) + 1)
        defer { leave(key) }
        return try await gate.take(body)
    }

    /// How many keys have a gate now (for tests: none once everyone has left).
    public var keysHeld: Int { gates.count }

    private func leave(_ key: String) {
        guard let entry = gates[key] else { return }
        gates[key] = entry.users > 1 ? (entry.gate, entry.users - 1) : nil
    }
}
