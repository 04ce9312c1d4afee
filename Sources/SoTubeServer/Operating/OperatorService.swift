import Foundation
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// What operators do, from the console or the CLI: each action checks its input, changes the store
/// and writes its audit entry (in the change's own transaction where the store allows).
public struct OperatorService: Sendable {
    let database: SoTubeDatabase
    let auth: AuthService
    let jobs: SQLMediaJobQueue
    let clock: any SoTubeClock
    let ids: any IDSource
    /// Tells this server's catalog cache that the catalog changed (other servers see the catalog
    /// version move within their recheck).
    let catalogChanged: @Sendable () -> Void
    /// The media folder, where an album's uploaded picture is stored.
    let mediaRoot: URL

    /// How many rows a search or a user's lists answer with.
    static let listLimit = 50

    init(
        database: SoTubeDatabase, auth: AuthService, jobs: SQLMediaJobQueue, clock: any SoTubeClock, ids: any IDSource,
        mediaRoot: URL, catalogChanged: @escaping @Sendable () -> Void
    ) {
        self.mediaRoot = mediaRoot
        self.catalogChanged = catalogChanged
        self.database = database
        self.auth = auth
        self.jobs = jobs
        self.clock = clock
        self.ids = ids
    }

    /// An audit entry for `actor` doing `action` to `target` now; the store fills in before and after.
    func entry(_ actor: OperatorActor, _ action: AuditAction, _ target: String, reason: String? = nil) -> AuditEntry {
        AuditEntry(
            id: ids.makeID(), at: clock.now(), actorID: actor.userID, actor: actor.name, action: action, target: target,
            reason: reason)
    }

    // MARK: the dashboard

    public func dashboard(range: SalesRange, grouping: SalesGrouping) async throws -> SalesReport {
        var report = SalesReport(
            rows: try await database.sales.dailySales(in: range), range: range, grouping: grouping)
        let top = try await database.sales.topSellers(in: range, limit: 10)
        (report.topTracks, report.topAlbums, report.topArtists) = top
        return report
    }

    /// Today (UTC), for the dashboard's default range.
    public var today: CivilDay { CivilDay(epochMillis: clock.now().epochMillis) }

    // MARK: accounts

    public func findUsers(_ text: String?) async throws -> [User] {
        try await database.accounts.findUsers(matching: try OperatorRules.searchText(text), limit: Self.listLimit)
    }

    public struct UserDetail: Sendable {
        public var user: User
        public var twoFactorEnabled: Bool
        public var sessions: Int
        public var purchases: [Purchase]
        public var topUps: [TopUp]
        public var ledger: [LedgerEntry]
    }

    public func userDetail(id: String) async throws -> UserDetail {
        guard let user = try await database.accounts.user(id: id) else { throw DomainError.notFound(what: "The user") }
        return UserDetail(
            user: user, twoFactorEnabled: try await auth.twoFactor.isEnabled(userID: id),
            sessions: try await database.accounts.sessionCount(userID: id, now: clock.now()),
            purchases: Array(try await database.commerce.purchases(userID: id).prefix(200)),
            topUps: try await database.commerce.topUps(userID: id, limit: 200),
            ledger: try await database.commerce.history(userID: id, limit: 200))
    }

    /// Grants (coins > 0) or takes (coins < 0) coins with a reason the ledger entry shows.
    public func adjustCoins(_ actor: OperatorActor, userID: String, coins: Int, reason: String) async throws
        -> CreditOutcome
    {
        let reason = try OperatorRules.validateAdjustment(coins: coins, reason: reason)
        let target = try await userTarget(userID)
        return try await database.commerce.adjustCoins(
            userID: userID, coins: coins, ledgerEntryID: ids.makeID(),
            description: OperatorRules.adjustmentDescription(coins: coins, actor: actor.name, reason: reason),
            now: clock.now(), audit: entry(actor, .coinsGrant, target, reason: reason))
    }

    /// Locks (every session ends) or unlocks an account; an operator cannot lock their own.
    public func setLocked(_ actor: OperatorActor, userID: String, locked: Bool) async throws -> User {
        if locked, actor.userID == userID {
            throw DomainError.conflict(field: nil, reason: "You cannot lock your own account.")
        }
        let target = try await userTarget(userID)
        let user = try await database.accounts.setLocked(
            userID: userID, at: locked ? clock.now() : nil,
            audit: entry(actor, locked ? .userLock : .userUnlock, target))
        auth.forgetUser(userID)
        return user
    }

    public func endSessions(_ actor: OperatorActor, userID: String) async throws -> Int {
        let target = try await userTarget(userID)
        let ended = try await database.accounts.endSessions(
            userID: userID, now: clock.now(), audit: entry(actor, .userSessionsEnd, target))
        auth.forgetUser(userID)
        return ended
    }

    public func turnOffTwoFactor(_ actor: OperatorActor, userID: String) async throws -> User {
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        let (_, wasOn) = try await auth.turnOffTwoFactorForOperator(username: user.username)
        var record = entry(actor, .userTwoFactorOff, "user \(user.username)")
        record.before = #"{"twoFactor":\#(wasOn)}"#
        record.after = #"{"twoFactor":false}"#
        try await database.audit.append(record)
        return user
    }

    /// Sets a role; an operator cannot change their own (so the last operator cannot step down by mistake).
    public func setRole(_ actor: OperatorActor, userID: String, role: String) async throws -> User {
        guard let role = UserRole(rawValue: role) else {
            throw DomainError.invalid(field: "role", reason: "A role is buyer or operator.")
        }
        if actor.userID == userID {
            throw DomainError.conflict(field: "role", reason: "Another operator must change your role.")
        }
        let target = try await userTarget(userID)
        return try await database.accounts.setRole(
            userID: userID, role: role, audit: entry(actor, .userRole, target))
    }

    /// The CLI's `sotube users role USER ROLE`.
    public func setRole(_ actor: OperatorActor, username: String, role: String) async throws -> User {
        guard let user = try await database.accounts.credentials(username: username)?.user else {
            throw DomainError.notFound(what: "The user '\(username)'")
        }
        return try await setRole(actor, userID: user.id, role: role)
    }

    /// Confirms the caller's password for the next `OperatorRules.confirmationWindow`.
    public func confirmPassword(_ identity: Identity, password: String) async throws {
        guard try await auth.checkPassword(userID: identity.user.id, password: password) else {
            throw DomainError.invalid(field: "password", reason: "The password is wrong.")
        }
        try await database.accounts.confirmPassword(sessionTokenHash: identity.sessionTokenHash, at: clock.now())
    }

    private func userTarget(_ userID: String) async throws -> String {
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        return "user \(user.username)"
    }

    // MARK: the catalog

    public func findTracks(_ text: String?) async throws -> [AdminTrack] {
        try await database.catalogAdmin.findTracks(
            matching: try OperatorRules.searchText(text), limit: Self.listLimit)
    }

    public func editTrack(_ actor: OperatorActor, trackID: String, _ edit: TrackEdit) async throws -> AdminTrack {
        let edit = try edit.validated()
        guard let track = try await database.catalogAdmin.track(id: trackID) else {
            throw DomainError.notFound(what: "The song")
        }
        let edited = try await database.catalogAdmin.edit(
            trackID: trackID, edit, now: clock.now(),
            audit: entry(actor, .trackEdit, "song \(track.title) (\(track.artist))"))
        catalogChanged()
        return edited
    }

    public func setAlbumPrice(_ actor: OperatorActor, albumID: String, price: Int?) async throws
        -> (title: String, operatorPrice: Int?, derivedPrice: Int)
    {
        try OperatorRules.validateAlbumPrice(price)
        let album = try await database.catalogAdmin.setAlbumPrice(
            albumID: albumID, price: price, audit: entry(actor, .albumPrice, "album \(albumID)"))
        catalogChanged()
        return album
    }

    // MARK: media jobs

    public func jobs() async throws -> (counts: MediaJobCounts, failed: [(job: MediaJob, title: String?)]) {
        let counts = try await jobs.counts(trackIDs: nil)
        var failed: [(MediaJob, String?)] = []
        for job in try await jobs.failedJobs(limit: Self.listLimit) {
            failed.append((job, try await database.catalogAdmin.track(id: job.trackID)?.title))
        }
        return (counts, failed)
    }

    public func retryJob(_ actor: OperatorActor, jobID: String) async throws -> Int {
        guard let job = try await jobs.job(id: jobID) else { throw DomainError.notFound(what: "The job") }
        guard job.state == .failed else {
            throw DomainError.conflict(
                field: nil, reason: "Only a failed job can be retried; this one is \(job.state.rawValue).")
        }
        let retried = try await jobs.retry(jobID: jobID, now: clock.now())
        var record = entry(actor, .jobRetry, "job \(job.kind.rawValue) of song \(job.trackID)")
        record.before = #"{"state":"failed"}"#
        record.after = #"{"state":"queued"}"#
        record.reason = job.lastError
        try await database.audit.append(record)
        return retried
    }

    // MARK: gift codes

    /// Makes a batch of codes; answers it with its codes as people type them.
    public func createCodeBatch(
        _ actor: OperatorActor, coins: Int, count: Int, expiresAt: Date?, label: String?
    ) async throws -> (batch: GiftCodeBatch, codes: [String]) {
        try GiftCodes.validateMint(coins: coins, count: count)
        let now = clock.now()
        let label = try OperatorRules.validateBatch(label: label, expiresAt: expiresAt, now: now)
        var codes: Set<String> = []
        while codes.count < count {
            codes.insert(GiftCodes.make(randomBytes: ids.randomBytes(GiftCodes.length)))
        }
        let sorted = codes.sorted()
        let batch = GiftCodeBatch(
            id: ids.makeID(), label: label, coins: coins, count: count, expiresAt: expiresAt, createdBy: actor.name,
            createdAt: now)
        try await database.commerce.createCodeBatch(
            batch, codes: sorted, audit: entry(actor, .codesBatch, "batch \(label.isEmpty ? batch.id : label)"))
        return (batch, sorted.map(GiftCodes.display))
    }
}

extension OperatorService {
    public func codeBatches() async throws -> [GiftCodeBatch] { try await database.commerce.codeBatches() }

    /// A batch and its codes with who redeemed each (for the CSV).
    public func codeBatchCodes(id: String) async throws
        -> (batch: GiftCodeBatch, codes: [(code: GiftCode, redeemedBy: String?)])
    {
        guard let batch = try await database.commerce.codeBatch(id: id) else {
            throw DomainError.notFound(what: "The batch")
        }
        return (batch, try await database.commerce.codes(inBatch: id))
    }

    public func auditEntries(limit: Int, before: String?) async throws -> [AuditEntry] {
        try await database.audit.entries(limit: limit, before: before)
    }
}

// MARK: a customer's data, the store home
extension OperatorService {
    /// Everything stored about the user, as JSON; the export itself is audited.
    public func exportUser(_ actor: OperatorActor, userID: String) async throws -> Data {
        guard let user = try await database.accounts.user(id: userID),
            let tables = try await database.accounts.exportUser(id: userID)
        else { throw DomainError.notFound(what: "The user") }
        try await database.audit.append(entry(actor, .userExport, "user \(user.username)"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(tables)
    }

    /// Erases the account's personal data; its purchases and ledger stay under its opaque id.
    public func erase(_ actor: OperatorActor, userID: String, reason: String, avatars: AvatarService) async throws
        -> User
    {
        let reason = try OperatorRules.validateReason(reason)
        if actor.userID == userID {
            throw DomainError.conflict(field: nil, reason: "Another operator must erase your account.")
        }
        try await database.accounts.erase(
            userID: userID, now: clock.now(), audit: entry(actor, .userErase, "user \(userID)", reason: reason))
        avatars.remove(userID: userID)
        auth.forgetUser(userID)
        guard let user = try await database.accounts.user(id: userID) else {
            throw DomainError.notFound(what: "The user")
        }
        return user
    }

    public func curation() async throws -> HomeCuration { try await database.catalogAdmin.curation() }

    public func setCuration(_ actor: OperatorActor, featured: [String], moods: [String]) async throws -> HomeCuration {
        let curation = try await database.catalogAdmin.setCuration(
            featured: featured, moods: moods, audit: entry(actor, .homeCurate, "store home"))
        catalogChanged()
        return curation
    }
}

// MARK: artists and album pictures
extension OperatorService {
    public func renameArtist(_ actor: OperatorActor, artistID: String, name: String) async throws
        -> (id: String, name: String)
    {
        let name = try OperatorRules.validateName(name, field: "name")
        let renamed = try await database.catalogAdmin.renameArtist(
            id: artistID, to: name, audit: entry(actor, .artistEdit, "artist \(artistID)"))
        catalogChanged()
        return renamed
    }

    /// Checks the uploaded picture, stores it in the four artwork sizes under a new name (so no cache
    /// holds the old bytes under it) and points the album at it.
    func replaceAlbumArtwork(_ actor: OperatorActor, albumID: String, bytes: [UInt8]) async throws {
        guard try await database.catalogAdmin.albumExists(id: albumID) else {
            throw DomainError.notFound(what: "The album")
        }
        let tools = MediaTools(timeout: 30)
        let store = LocalMediaStore(root: mediaRoot)
        let key = StableHash.hex("album-art|\(albumID)|\(ids.makeID())")
        let path = try await UploadedImage.withChecked(
            bytes, field: "artwork", in: mediaRoot.appendingPathComponent("artwork"), tools: tools
        ) { upload, _ in
            try await tools.makeArtwork(.image(path: upload.path), key: key, store: store)
        }
        _ = try await database.catalogAdmin.setAlbumArtwork(
            albumID: albumID, path: path, audit: entry(actor, .albumArtwork, "album \(albumID)"))
        catalogChanged()
    }
}
