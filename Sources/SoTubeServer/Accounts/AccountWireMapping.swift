import SoTubeAPI
import SoTubeCore

/// The one place account models become wire types.
extension UserDTO {
    init(_ user: User) {
        self.init(
            id: user.id, username: user.username, email: user.email, displayName: user.displayName,
            coins: user.coins)
    }
}

extension MeResponse {
    /// `user` with how many songs they own; they start in My Music once they own one (SPEC A7).
    init(
        user: User, ownedCount: Int, avatarUrl: String? = nil, twoFactorEnabled: Bool = false,
        signInProvider: String? = nil, hasPassword: Bool = true
    ) {
        self.init(
            id: user.id, username: user.username, email: user.email, displayName: user.displayName,
            coins: user.coins, ownedCount: ownedCount, avatarUrl: avatarUrl,
            landing: ownedCount > 0 ? .library : .store, twoFactorEnabled: twoFactorEnabled, role: user.role.rawValue,
            signInProvider: signInProvider, hasPassword: hasPassword)
    }
}
