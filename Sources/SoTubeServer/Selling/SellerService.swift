import Foundation
import Logging
import SoTubeCore
import SoTubeStoreSQL

/// Artists and labels (issue 31): invitations, the artist area's reads and changes, and the
/// operator's payouts. Every read and change of a seller goes through the seller's own account id, so
/// another seller's album or song is "not found".
public struct SellerService: Sendable {
    let database: SoTubeDatabase
    let auth: AuthService
    let mailer: any Mailer
    let clock: any SoTubeClock
    let ids: any IDSource
    /// Where invitation links point (`ServerConfiguration.baseURL`).
    let baseURL: String
    let catalogChanged: @Sendable () -> Void
    let logger: Logger
    /// Signs the unsubscribe links of mail to followers (derived from the server's secret).
    let unsubscribeKey: [UInt8]

    var sellers: SQLSellerStore { database.sellers }

    // MARK: invitations

    /// Makes an invitation and mails its link; answers the link (the operator may pass it on).
    public func invite(
        _ actor: OperatorActor, email: String, role: UserRole, labelName: String?, artistNames: [String]
    ) async throws -> (link: String, invite: SellerInvite) {
        let email = email.trimmingCharacters(in: .whitespaces)
        let names = artistNames.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let label = role == .label ? labelName?.trimmingCharacters(in: .whitespaces) : nil
        try SellerRules.validateInvite(email: email, role: role, labelName: label, artistNames: names)
        for name in names {
            if let sold = try await sellers.sellingArtist(named: name) {
                _ = sold
                throw DomainError.conflict(field: "artists", reason: "\(name) is already sold by another account.")
            }
        }
        let token = ids.randomBytes(32).base64URLString
        let now = clock.now()
        let invite = SellerInvite(
            tokenHash: TokenHash.of(token), email: email, role: role, labelName: label, artistNames: names,
            createdAt: now, expiresAt: now.addingTimeInterval(SellerRules.inviteLifetime))
        try await sellers.createInvite(
            invite,
            audit: AuditEntry(
                id: ids.makeID(), at: now, actorID: actor.userID, actor: actor.name, action: .sellerInvite,
                target: "\(role.rawValue) \(email)", after: names.joined(separator: ", ")))
        let link = baseURL + "/#/invite/" + token
        do {
            try await mailer.send(SellerMail.invite(email: email, invite: invite, link: link))
        } catch {
            logger.error("invitation mail not queued", metadata: ["error": "\(error)"])
        }
        return (link, invite)
    }

    public func openInvite(token: String) async throws -> SellerInvite {
        guard let invite = try await sellers.openInvite(tokenHash: TokenHash.of(token), now: clock.now()) else {
            throw DomainError.notFound(what: "The invitation")
        }
        return invite
    }

    /// Makes the invited account and signs it in.
    public func acceptInvite(token: String, username: String, password: String, client: String) async throws
        -> AuthService.Login
    {
        let invite = try await openInvite(token: token)
        return try await auth.registerInvited(
            username: username, email: invite.email, password: password, client: client
        ) { user in
            _ = try await sellers.acceptInvite(tokenHash: invite.tokenHash, userID: user.id, now: clock.now(), ids: ids)
        }
    }

    /// An existing account takes the invitation sent to its own email: it becomes the artist's or
    /// label's (an operator stays an operator and cannot take one).
    public func acceptInvite(token: String, as user: User) async throws -> SellerAccount {
        let invite = try await openInvite(token: token)
        guard AccountRules.canonical(invite.email) == AccountRules.canonical(user.email) else {
            throw DomainError.forbidden(reason: "This invitation was sent to another email address.")
        }
        guard user.role != .operator else {
            throw DomainError.forbidden(reason: "An operator's account cannot also sell: sign up with another one.")
        }
        return try await sellers.acceptInvite(tokenHash: invite.tokenHash, userID: user.id, now: clock.now(), ids: ids)
    }

    // MARK: the artist area

    public func account(_ user: User) async throws -> SellerAccount {
        guard let account = try await sellers.account(userID: user.id) else {
            throw DomainError.forbidden(reason: "Only artists' and labels' accounts may do this.")
        }
        return account
    }

    public func overview(_ user: User) async throws
        -> (SellerAccount, SellingSettings, SalesTotals, [SellerSale], [Payout])
    {
        let account = try await account(user)
        return (
            account, try await sellers.settings(), try await sellers.totals(accountID: user.id),
            try await sellers.sales(accountID: user.id, limit: 20), try await sellers.payouts(accountID: user.id)
        )
    }

    public func releases(_ user: User) async throws -> [SellerRelease] {
        try await sellers.releases(accountID: user.id)
    }

    public func updateAlbum(_ user: User, albumID: String, _ change: ReleaseChange) async throws -> SellerRelease {
        if let price = change.albumPrice { try SellerRules.validatePrice(price, field: "albumPrice") }
        let before = try await sellers.release(accountID: user.id, albumID: albumID)
        let release = try await sellers.updateAlbum(
            accountID: user.id, albumID: albumID, change, now: clock.now(),
            audit: entry(user, .releaseEdit, "album \(albumID)"))
        catalogChanged()
        // Put (back) on sale: the artist's followers hear of it.
        if before?.published == false, release.published { await announce(release) }
        return release
    }

    public func updateTrack(_ user: User, trackID: String, price: Int, nameYourPrice: Bool) async throws
        -> SellerRelease
    {
        try SellerRules.validatePrice(price, field: "price")
        let release = try await sellers.updateTrack(
            accountID: user.id, trackID: trackID, price: price, nameYourPrice: nameYourPrice, now: clock.now(),
            audit: entry(user, .releaseEdit, "song \(trackID)"))
        catalogChanged()
        return release
    }

    public func statement(_ user: User, month text: String) async throws
        -> (SellerAccount, SellerStatement, SellingSettings)
    {
        guard let month = StatementMonth(iso: text) else {
            throw DomainError.invalid(field: "month", reason: "A month is written YYYY-MM.")
        }
        let account = try await account(user)
        return (account, try await sellers.statement(accountID: user.id, month: month), try await sellers.settings())
    }

    /// The statement as the CSV the artist area downloads.
    public func statementCSV(_ statement: SellerStatement) -> String { StatementDocuments.csv(statement) }

    func entry(_ user: User, _ action: AuditAction, _ target: String) -> AuditEntry {
        AuditEntry(
            id: ids.makeID(), at: clock.now(), actorID: user.id, actor: user.username, action: action, target: target)
    }

    // MARK: the operator's side

    public func sellerAccounts() async throws -> ([SellerAccount], SellingSettings) {
        (try await sellers.accounts(), try await sellers.settings())
    }

    /// Records a payout of `coins` to the seller at the payout coin value.
    public func recordPayout(
        _ actor: OperatorActor, accountID: String, coins: Int, paidOn text: String?, reference: String
    ) async throws -> Payout {
        guard let account = try await sellers.account(userID: accountID) else {
            throw DomainError.notFound(what: "The seller")
        }
        let now = clock.now()
        let paidOn: CivilDay
        if let text, !text.isEmpty {
            guard let day = CivilDay(iso: text) else {
                throw DomainError.invalid(field: "paidOn", reason: "A date is written YYYY-MM-DD.")
            }
            paidOn = day
        } else {
            paidOn = CivilDay(epochMillis: now.epochMillis)
        }
        try SellerRules.validatePayout(coins: coins, balance: account.balance, reference: reference)
        let settings = try await sellers.settings()
        let payout = Payout(
            id: ids.makeID(), accountID: accountID, coins: coins, money: settings.value(of: coins), paidOn: paidOn,
            reference: reference.trimmingCharacters(in: .whitespacesAndNewlines), createdBy: actor.name, createdAt: now)
        _ = try await sellers.recordPayout(
            payout,
            audit: AuditEntry(
                id: ids.makeID(), at: now, actorID: actor.userID, actor: actor.name, action: .payoutRecord,
                target: "seller \(account.user.username)", after: "\(coins) coins (\(payout.money.formatted))",
                reason: payout.reference))
        return payout
    }
}
