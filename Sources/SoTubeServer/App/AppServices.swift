import Foundation
import Logging
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL

/// The composition root's products: every service a controller may use, built once.
public struct AppServices: Sendable {
    public let configuration: ServerConfiguration
    /// The clock, id source and logger every service gets.
    public let runtime: ServerRuntime
    public let database: SoTubeDatabase
    public let auth: AuthService
    public let commerce: CommerceService
    public let media: MediaService
    /// The pictures' AVIF sizes, made when a browser first asks.
    let avifArtwork: AVIFArtworkMaker
    /// Which audio a caller plays (as stored, or transcoded for a player): both APIs ask it.
    public let playback: PlaybackService
    /// Profile photos under the media folder.
    public let avatars: AvatarService
    /// App passwords for players (`/rest`), their secrets sealed under a key derived from `secretKey`.
    public let appPasswords: AppPasswordService
    /// Two-step sign-in, its TOTP secrets sealed under another key derived from `secretKey`.
    public let twoFactor: TwoFactorService
    /// Sends the mail queue through SMTP or into the outbox folder; `serve` runs its retries.
    public let mailDelivery: MailDelivery
    /// Queues mail (resets, receipts, notices) for `mailDelivery`.
    public let mailer: any Mailer
    /// Sign-in through an OpenID provider or a trusted proxy (one provider client, its keys cached).
    public let signIn: SignInService
    /// The app-password store both `appPasswords` and `/rest` use: found secrets remembered briefly,
    /// forgotten at once on a revoke.
    let appPasswordStore: any AppPasswordStore
    /// The catalog's read-mostly answers, kept in memory until any process changes the catalog.
    let catalogCache: CatalogCache
    /// The catalog reader the routes use (through `catalogCache`).
    public let catalog: any CatalogReader
    /// Ownership, with the answers "owns" remembered (ownership is only ever granted).
    public let ownership: any OwnershipStore
    /// Request, purchase and top-up counts for `GET /metrics`.
    public let metrics: ServerMetrics
    /// The server's secret (CSRF tokens, and the keys derived from it): from the configuration or
    /// `DATA/secret.key`.
    public let secretKey: [UInt8]
    /// What a stop waits for (responses still being written) and whether it has begun.
    public let drain = Drain()
    public var clock: any SoTubeClock { runtime.clock }
    public var ids: any IDSource { runtime.ids }
    public var logger: Logger { runtime.logger }

    public init(configuration: ServerConfiguration, runtime: ServerRuntime, database: SoTubeDatabase) {
        self.configuration = configuration
        self.runtime = runtime
        self.database = database
        let secretKey = configuration.secretKey ?? runtime.ids.randomBytes(32)
        self.secretKey = secretKey
        self.twoFactor = TwoFactorService(
            store: database.twoFactor, sealer: .twoFactor(serverSecret: secretKey), clock: runtime.clock,
            ids: runtime.ids, logger: runtime.logger)
        let appPasswordStore = RememberedAppPasswords(store: database.appPasswords, clock: runtime.clock)
        let mailDelivery = MailDelivery.make(configuration, queue: database.mailQueue, runtime: runtime)
        self.mailDelivery = mailDelivery
        let mailer = QueuedMailer(
            queue: database.mailQueue, delivery: mailDelivery, clock: runtime.clock, ids: runtime.ids)
        self.mailer = mailer
        self.auth = AuthService(
            accounts: database.accounts, hasher: PasswordHasher(cost: configuration.bcryptCost),
            clock: runtime.clock, ids: runtime.ids,
            mailer: mailer,
            throttles: database.throttles, twoFactor: twoFactor, publicBaseURL: configuration.baseURL,
            policy: ThrottlePolicy().sharingAddresses(configuration.peoplePerAddress), logger: runtime.logger,
            devices: KnownDevices(serverSecret: secretKey),
            forgetAppPasswords: { appPasswordStore.forget(userID: $0) })
        self.signIn = SignInService(
            settings: configuration.signIn, store: database.signIns, accounts: database.accounts, auth: auth,
            clock: runtime.clock, ids: runtime.ids, logger: runtime.logger, baseURL: configuration.baseURL)
        // The sandbox provider's signing key follows the server secret, so a capture notification is
        // accepted by every server sharing that secret, whichever one opened the checkout.
        let sandboxKey = ServerSecret.derive(secretKey, purpose: "sotube sandbox capture signatures v1")
        self.appPasswordStore = appPasswordStore
        self.appPasswords = AppPasswordService(
            store: appPasswordStore, sealer: SecretSealer.appPasswords(serverSecret: secretKey),
            clock: runtime.clock, ids: runtime.ids)
        self.metrics = ServerMetrics()
        self.commerce = CommerceService(
            store: database.commerce, accounts: database.accounts,
            sandbox: SandboxPaymentProvider(keyBytes: sandboxKey, ids: runtime.ids),
            clock: runtime.clock, ids: runtime.ids, metrics: metrics,
            stripe: configuration.stripe.map { StripeAPI(settings: $0) }, receipts: mailer,
            logger: runtime.logger)
        self.catalogCache = CatalogCache(versions: database.catalog)
        self.catalog = CachedCatalogReader(store: database.catalog, cache: catalogCache)
        self.ownership = RememberedOwnership(store: database.ownership)
        self.media = MediaService(
            lookup: CachedMediaLookup(store: database.media, cache: catalogCache), ownership: ownership,
            mediaRoot: configuration.mediaDirectory,
            preview: configuration.preview, clock: runtime.clock)
        self.playback = PlaybackService(media: media)
        self.avatars = AvatarService(mediaRoot: configuration.mediaDirectory)
        self.avifArtwork = AVIFArtworkMaker(
            tools: MediaTools(timeout: 60), store: LocalMediaStore(root: configuration.mediaDirectory),
            logger: runtime.logger)
    }

    /// Opens (and migrates) the database the configuration names, creating the data folder.
    /// The data folder is private (0700, its files 0600; `PrivateDataFolder`): it holds reset links
    /// in the outbox and, with SQLite, every password hash. `runtime` defaults to production's
    /// (`ServerRuntime(logLevel:)`).
    public static func open(_ configuration: ServerConfiguration, runtime: ServerRuntime? = nil) async throws
        -> AppServices
    {
        var configuration = configuration
        let runtime = runtime ?? ServerRuntime(logLevel: configuration.logLevel)
        try PrivateDataFolder.prepare(configuration)
        if configuration.secretKey == nil {
            configuration.secretKey = try SecretKeyFile.loadOrCreate(
                in: configuration.dataDirectory, ids: runtime.ids)
        }
        let database = try await SoTubeDatabase.open(
            configuration.database, now: runtime.clock.now(), logger: runtime.logger)
        // A migration building an index over a large table sorts it in memory (SQLite's `temp_store` is
        // MEMORY): at 10M songs migration 30 left the server at 510 MB of RSS for good. Its free pages go
        // back to the kernel before the store serves.
        MemoryPolicy.giveBackFreePages()
        return AppServices(configuration: configuration, runtime: runtime, database: database)
    }
}
