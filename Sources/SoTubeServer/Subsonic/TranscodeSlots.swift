import Foundation
import NIOConcurrencyHelpers

/// How many ffmpeg processes `/rest/stream` may run for transcoding: at most `perUser` for one user
/// and `perServer` in all (`SOTUBE_TRANSCODES_PER_USER`, `SOTUBE_TRANSCODES`). A slot is held from
/// the answer's start until its ffmpeg has ended (the player hung up or the song is sent).
final class TranscodeSlots: Sendable {
    let perUser: Int
    let perServer: Int
    private let state = NIOLockedValueBox<(total: Int, byUser: [String: Int])>((0, [:]))

    init(perUser: Int, perServer: Int) {
        self.perUser = perUser
        self.perServer = perServer
    }

    /// Why no slot was given.
    enum Refusal: Error, Equatable {
        case user
        case server
    }

    /// A slot for `userID`, or why there is none.
    func take(userID: String) -> Result<Slot, Refusal> {
        state.withLockedValue { state in
            let mine = state.byUser[userID, default: 0]
            if mine >= perUser { return .failure(.user) }
            if state.total >= perServer { return .failure(.server) }
            state.total += 1
            state.byUser[userID] = mine + 1
            return .success(Slot(slots: self, userID: userID))
        }
    }

    /// The slots in use (for tests).
    var inUse: Int { state.withLockedValue { $0.total } }

    fileprivate func give(back userID: String) {
        state.withLockedValue { state in
            state.total -= 1
            let left = state.byUser[userID, default: 1] - 1
            state.byUser[userID] = left > 0 ? left : nil
        }
    }

    /// One ffmpeg's place; given back once by `release()`, or when the last reference goes (an answer
    /// dropped before its body ran).
    final class Slot: Sendable {
        private let slots: TranscodeSlots
        private let userID: String
        private let released = NIOLockedValueBox(false)

        fileprivate init(slots: TranscodeSlots, userID: String) {
            self.slots = slots
            self.userID = userID
        }

        func release() {
            let first = released.withLockedValue { done in
                defer { done = true }
                return !done
            }
            if first { slots.give(back: userID) }
        }

        deinit { release() }
    }
}
