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
    router.add(middleware: AuthMiddleware(auth: services.auth))
    HealthController(services: services).register(on: router)
    AuthController(services: services).register(on: router)
    MeController(services: services).register(on: router)
    SharePageController(services: services).register(on: router)
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
