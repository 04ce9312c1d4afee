import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SoTubeCore
import SoTubeMedia
import SoTubeStoreSQL
import UnixSignals

/// The router with every route and middleware: one place, used by `serve` and by the tests. Each
/// controller gets only the stores and services it uses, and adds its handlers for routes of the
/// route table (`SoTubeAPI.Route`; `RouteTableTests` compares the router's routes with `Route.all`).
public func buildRouter(_ services: AppServices) -> Router<AppRequestContext> {
    let configuration = services.configuration
    let database = services.database
    let router = Router(context: AppRequestContext.self)
    router.add(
        middleware: EdgeMiddleware(
            metrics: services.metrics, forwarded: ForwardedHeaders(trustedProxies: configuration.trustedProxies)))
    let csrf = CSRFTokens(key: services.secretKey)
    let signInHeader = HeaderSignIn(
        settings: configuration.signIn, trustedProxies: configuration.trustedProxies, service: services.signIn,
        csrf: csrf, logger: services.logger)
    // Audio, fetched in ranges (every seek is a request), skips the layers it never needs:
    // compression (audio is not compressed again) and the web app's path and file layers below.
    // It keeps the problem documents, `no-store` on errors, the security headers and sign-in.
    let audio = router.group()
        .add(middleware: ResponsePolicyMiddleware())
        .add(middleware: AuthMiddleware(auth: services.auth, csrf: csrf, headerSignIn: signInHeader))
    let routes = RouteRegistrar(router, clock: services.clock)
    let transcodes = TranscodeSlots(
        perUser: services.configuration.transcodesPerUser, perServer: services.configuration.transcodes)
    AudioController(playback: services.playback, transcodes: transcodes, ffmpeg: MediaTools().ffmpeg)
        .register(on: routes.on(audio))
    router.add(middleware: CompressionMiddleware())
    // Players' `/rest` calls pass only the layers above: the ones below are for the web app (pages,
    // files, `/api/v1`, thrown errors as problem documents) and cost a `ping` a tenth of its CPU.
    // Subsonic answers carry their own security headers and turn every error into a Subsonic error.
    // Players send no session cookie or CSRF token: `/rest` authenticates by app password only.
    // (A path that no route matches still passes every layer, here and for audio.)
    subsonicController(services, transcodes: transcodes).register(on: routes)
    router.add(middleware: ResponsePolicyMiddleware(allowing: configuration.stripe?.contentSecurityOrigins ?? []))
    router.add(middleware: SafePathMiddleware())
    router.add(middleware: MethodNotAllowedMiddleware())
    if let publicDirectory = configuration.publicDirectory {
        if signInHeader != nil {
            router.add(
                middleware: HeaderSignInShellMiddleware(
                    auth: AuthMiddleware(auth: services.auth, csrf: csrf, headerSignIn: signInHeader)))
        }
        router.add(middleware: ServiceWorkerMiddleware(publicDirectory: publicDirectory))
        router.add(
            middleware: FileMiddleware(
                publicDirectory.path, cacheControl: AppShell.caching, searchForIndexHtml: true,
                logger: services.logger))
    }
    // The sandbox provider exists only when payments are on: off, its pages and capture are 404.
    let checkout =
        configuration.payments == .sandbox
        ? SandboxCheckoutController(checkout: services.commerce, clock: services.clock) : nil
    // The payment provider's hosted pages stand outside the API: their form posts are authorised
    // by the unguessable checkout id, not by a SoTube session, so they get no auth or CSRF check.
    checkout?.registerHostedPages(on: routes)
    let app = routes.on(
        router.group().add(middleware: AuthMiddleware(auth: services.auth, csrf: csrf, headerSignIn: signInHeader)))
    let presenter = TrackPresenter(ownership: services.ownership, preview: configuration.preview)
    HealthController(
        health: HealthState(database: database), drain: services.drain,
        expectedSchemaVersion: SoTubeDatabase.latestSchemaVersion
    ).register(on: app)
    MetricsController(metrics: services.metrics, jobs: services.mediaJobs).register(on: app)
    let authController = AuthController(
        auth: services.auth, csrf: csrf, crossSiteGuard: CrossSiteGuard(publicBaseURL: configuration.publicBaseURL),
        passwordsOff: configuration.signIn.localLogin
            ? nil
            : "Password sign-in is off on this store: "
                + (configuration.signIn.oidc.map { "sign in with \($0.name)." }
                    ?? "sign in through the store's sign-in page."))
    authController.register(on: app)
    SignInController(signIn: services.signIn, auth: authController).register(on: app)
    SellerController(sellers: services.sellers, auth: authController, clock: services.clock).register(on: app)
    DraftController(drafts: services.drafts, sellers: services.sellers).register(on: app)
    MeController(
        auth: services.auth, ownership: services.ownership, avatars: services.avatars, twoFactor: services.twoFactor,
        signIn: services.signIn
    ).register(on: app)
    TwoFactorController(auth: services.auth, twoFactor: services.twoFactor).register(on: app)
    let pageBase = PageBase(publicBaseURL: configuration.publicBaseURL, fallbackBaseURL: configuration.baseURL)
    SharePageController(catalog: services.catalog, media: services.media, base: pageBase).register(on: app)
    EmbedController(catalog: services.catalog, media: services.media, base: pageBase).register(on: app)
    WalletController(wallet: services.commerce, payments: configuration.payments, stripe: configuration.stripe)
        .register(on: app)
    PurchaseController(purchases: services.commerce).register(on: app)
    StripeWebhookController(commerce: services.commerce, secret: configuration.stripe?.webhookSecret)
        .register(on: app)
    checkout?.register(on: app)
    CatalogController(catalog: services.catalog, discovery: database.discovery, presenter: presenter)
        .register(on: app)
    GenreController(genres: database.genres, cache: services.catalogCache).register(on: app)
    SearchController(
        search: database.search, catalog: services.catalog, discovery: database.discovery, presenter: presenter,
        clock: services.clock
    ).register(on: app)
    FavouritesController(
        discovery: database.discovery, catalog: services.catalog, presenter: presenter, clock: services.clock
    ).register(on: app)
    LibraryController(library: database.library, catalog: services.catalog, presenter: presenter).register(on: app)
    OwnPlaylistController(
        playlists: database.ownPlaylists, catalog: services.catalog, presenter: presenter, clock: services.clock,
        ids: services.ids
    ).register(on: app)
    ArtworkController(media: services.media, avif: services.avifArtwork).register(on: app)
    DownloadController(catalog: database.catalog, media: services.media).register(on: app)
    AvatarController(avatars: services.avatars).register(on: app)
    AppPasswordController(
        appPasswords: services.appPasswords, auth: services.auth, publicBaseURL: configuration.publicBaseURL,
        fallbackServerURL: configuration.baseURL
    ).register(on: app)
    let operators = services.operators
    AdminConsoleController(operators: operators, chartLibrary: configuration.chartLibrary).register(on: app)
    AdminCustomersController(operators: operators, avatars: services.avatars).register(on: app)
    AdminCatalogController(operators: operators).register(on: app)
    return router
}

/// `/rest`: the purchased library for Subsonic players.
/// The Subsonic API; `transcodes` bounds its transcoded streams together with the web player's.
func subsonicController(_ services: AppServices, transcodes: TranscodeSlots) -> SubsonicController {
    let database = services.database
    let library = SubsonicLibraryDeps(
        player: RememberedPlayerLibrary(
            store: database.player, ownership: database.ownership, cache: services.catalogCache),
        discovery: database.discovery, ownPlaylists: database.ownPlaylists, catalog: database.catalog,
        items: SubsonicItems(mediaRoot: services.configuration.mediaDirectory), clock: services.clock,
        ids: services.ids)
    let media = SubsonicMediaDeps(
        media: services.media, playback: services.playback, library: library, tools: MediaTools(),
        coverCache: services.configuration.mediaDirectory.appendingPathComponent("cache/covers"),
        transcodes: transcodes)
    return SubsonicController(
        authenticator: SubsonicAuthenticator(
            store: services.appPasswordStore, sealer: services.appPasswords.sealer,
            throttles: RememberedThrottleChecks(store: database.throttles),
            policy: services.auth.policy, clock: services.clock),
        methods: SubsonicMethods.all(library: library, media: media))
}

/// The whole application on `configuration`'s host and port.
public func buildApplication(_ services: AppServices) -> some ApplicationProtocol {
    Application(
        router: buildRouter(services),
        server: .http1OnItsEventLoop(configuration: .init(additionalChannelHandlers: [services.drain.handler()])),
        // No `Server` header: nothing tells a scanner what runs here, and every answer is 16 bytes lighter.
        configuration: .init(address: .hostname(services.configuration.host, port: services.configuration.port)),
        logger: services.logger)
}

/// Serves until SIGTERM or SIGINT; then drains (see `Drain`: readiness fails, responses being
/// written are finished, for at most `drainLimit`), stops the HTTP server and closes the database.
public func serve(_ configuration: ServerConfiguration) async throws {
    let services = try await AppServices.open(configuration)
    // Seeding writes the demo catalog's rows in seconds and leaves its audio to the media workers;
    // the server answers meanwhile (an empty store, then the catalog, its songs "being prepared").
    let seeding = Task { await services.seedDemoCatalogIfEmpty() }
    // Its audio, on every core (besides the media workers below) until it is made.
    let demoAudio = Task { await services.makeDemoAudio(trackIDs: await seeding.value) }
    // A store indexed before migration 22 has its search words counted once, in the background
    // (until then a mistyped word is not corrected).
    Task {
        do {
            if let words = try await services.database.searchIndex.countWordsIfMissing() {
                services.logger.info("search words counted", metadata: ["words": "\(words)"])
            }
        } catch {
            services.logger.warning("search words not counted", metadata: ["error": "\(ErrorText.of(error))"])
        }
    }
    // SQLite: the songs' word-start bitmaps are made in the background (at 10M songs, a minute or so);
    // searches walk the index without them meanwhile.
    do {
        try await services.database.search.prepareWordStarts(logger: services.logger)
    } catch {
        services.logger.warning("search word-start bitmaps not made", metadata: ["error": "\(ErrorText.of(error))"])
    }
    let database = configuration.database
    services.logger.info(
        "serving",
        metadata: [
            "address": "http://\(configuration.host):\(configuration.port)",
            "database": "\(database.isPostgres ? "postgresql" : database.location)",
            "payments": "\(configuration.payments.rawValue)", "mail": "\(services.mailDelivery.transportName)",
        ])
    let sweeper = Sweeper(
        accounts: services.database.accounts, commerce: services.database.commerce,
        throttles: services.database.throttles, clock: services.clock)
    let sweeping = Task {
        async let mail: Void = services.mailDelivery.run()
        // Catalog sources synced `--every` so often (one server at a time: each sync holds a lease).
        async let sources: Void = services.sources.runSchedule()
        await sweeper.run(logger: services.logger)
        await mail
        await sources
    }
    let working = Task {
        if configuration.mediaWorkers > 0 { await services.runMediaWorkers(configuration.mediaWorkers) }
    }
    do {
        try await runUntilStopped(buildApplication(services), drain: services.drain, logger: services.logger)
    } catch {
        await stopWork(services, sweeping: sweeping, working: working, seeding: seeding, demoAudio: demoAudio)
        throw error
    }
    await stopWork(services, sweeping: sweeping, working: working, seeding: seeding, demoAudio: demoAudio)
    services.logger.info("stopped")
}

/// After the HTTP server has stopped: the sweeper and the media workers are cancelled, seeding (if
/// any) writes the rest of the catalog's rows (seconds), then the database closes. Each wait is
/// bounded, so the process exits even when the database went away meanwhile.
private func stopWork(
    _ services: AppServices, sweeping: Task<Void, Never>, working: Task<Void, Never>,
    seeding: Task<[String], Never>, demoAudio: Task<Void, Never>
) async {
    sweeping.cancel()
    working.cancel()
    demoAudio.cancel()
    let logger = services.logger
    // A stop during seeding lets it write the rest of the catalog's rows (seconds) first.
    await waitAtMost(.seconds(20), for: "demo seeding", logger: logger) { _ = await seeding.value }
    await waitAtMost(.seconds(10), for: "media workers", logger: logger) {
        await demoAudio.value
        await working.value
    }
    await waitAtMost(.seconds(10), for: "the database to close", logger: logger) {
        await services.database.shutdown()
    }
}

/// How long the graceful stop of the HTTP server may take before its remaining requests are cancelled.
let shutdownLimit: Duration = .seconds(10)

/// How long a stop waits for responses still being written before it closes their connections.
let drainLimit: Duration = .seconds(30)

/// Runs `application` until SIGTERM or SIGINT, then drains before its graceful shutdown.
func runUntilStopped(_ application: some ApplicationProtocol, drain: Drain, logger: Logger) async throws {
    let group = ServiceGroup(
        configuration: .init(
            services: [application], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger))
    // The task that ends first is the server's (on its own, or after the drain asked it to stop).
    try await withThrowingTaskGroup(of: Bool.self) { tasks in
        tasks.addTask {
            do {
                try await group.run()
            } catch  where Task.isCancelled {
                // Stopped below: requests that never ended were cancelled.
            }
            return true
        }
        tasks.addTask {
            for await _ in await UnixSignalsSequence(trapping: .sigterm, .sigint) { break }
            guard !Task.isCancelled else { return false }
            logger.info("draining", metadata: ["inFlight": "\(drain.inFlight)"])
            if await !drain.drain(within: drainLimit) {
                logger.warning(
                    "stopping with responses still being written", metadata: ["inFlight": "\(drain.inFlight)"])
            }
            await group.triggerGracefulShutdown()
            // A request that never ends (seen once: stuck on a database connection that a
            // PostgreSQL restart took away) must not keep the process alive: past the limit the
            // server is cancelled, which cancels such requests and closes their connections.
            try? await Task.sleep(for: shutdownLimit)
            guard !Task.isCancelled else { return false }
            logger.warning("stopping: requests still open after the graceful stop are cancelled")
            return true
        }
        while let serverEnded = try await tasks.next() {
            if serverEnded { tasks.cancelAll() }
        }
    }
}
