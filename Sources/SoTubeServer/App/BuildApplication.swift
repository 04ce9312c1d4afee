import Foundation
import Hummingbird
import Logging

/// The router with every route and middleware: one place, used by `serve` and by the tests.
public func buildRouter(_ services: AppServices) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ProblemMiddleware())
    if let publicDirectory = services.configuration.publicDirectory {
        router.add(middleware: FileMiddleware(publicDirectory.path, searchForIndexHtml: true, logger: services.logger))
    }
    // The payment provider's hosted pages stand outside the API: their form posts are authorised
    // by the unguessable checkout id, not by a SoTube session, so they get no auth or CSRF check.
    SandboxCheckoutController(services: services).registerHostedPages(on: router)
    let app = router.group().add(middleware: AuthMiddleware(auth: services.auth))
    HealthController(services: services).register(on: app)
    AuthController(services: services).register(on: app)
    MeController(services: services).register(on: app)
    SharePageController(services: services).register(on: app)
    WalletController(services: services).register(on: app)
    PurchaseController(services: services).register(on: app)
    SandboxCheckoutController(services: services).register(on: app)
    CatalogController(services: services).register(on: app)
    SearchController(services: services).register(on: app)
    FavouritesController(services: services).register(on: app)
    LibraryController(services: services).register(on: app)
    AudioController(services: services).register(on: app)
    ArtworkController(services: services).register(on: app)
    return router
}

/// The whole application on `configuration`'s host and port.
public func buildApplication(_ services: AppServices) -> some ApplicationProtocol {
    Application(
        router: buildRouter(services),
        configuration: .init(
            address: .hostname(services.configuration.host, port: services.configuration.port),
            serverName: "sotube"),
        logger: services.logger)
}

/// Serves until SIGTERM or SIGINT, then closes the database.
public func serve(_ configuration: ServerConfiguration) async throws {
    let services = try await AppServices.open(configuration)
    await services.seedDemoCatalogIfEmpty()
    configuration.logger.info(
        "serving",
        metadata: [
            "address": "http://\(configuration.host):\(configuration.port)",
            "database": "\(configuration.databaseURL == nil ? configuration.databaseLocation : "postgresql")",
        ])
    do {
        try await buildApplication(services).runService()
    } catch {
        await services.database.shutdown()
        throw error
    }
    await services.database.shutdown()
    configuration.logger.info("stopped")
}
