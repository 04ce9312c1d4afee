/// At most `limit` callers inside `take` at once; the others wait their turn, in the order they came.
/// With a limit of one it is a first-come first-served lock for async code (SQLite's one writer).
public actor Turns {
    private let limit: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(limit: Int) { self.limit = max(1, limit) }

    public func take<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if inside < limit {
            inside += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }  // `leave` hands its place over
        }
        defer { leave() }
        return try await body()
    }

    private func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
