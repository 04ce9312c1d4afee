import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import SoTubeAPI
import SoTubeCore

/// The server's side of the route table (`SoTubeAPI.Route`): a controller adds each handler for a
/// `Route`, never for a path string, and the registrar checks the route's access rule before the
/// handler runs (a `.user` route answers 401 to a caller who is not signed in).
struct RouteRegistrar {
    let router: any RouterMethods<AppRequestContext>
    let log: RegisteredRoutes

    init(_ router: any RouterMethods<AppRequestContext>, log: RegisteredRoutes = RegisteredRoutes()) {
        self.router = router
        self.log = log
    }

    func on(
        _ route: Route,
        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator
    ) {
        log.add(route)
        let method = HTTPRequest.Method(rawValue: route.method.rawValue) ?? .get
        switch route.access {
        case .user:
            router.on(RouterPath(route.path), method: method) { request, context in
                _ = try context.requireIdentity()
                return try await handler(request, context)
            }
        case .anyone, .hostedPage, .appPassword:
            router.on(RouterPath(route.path), method: method, use: handler)
        }
    }

    /// The same registrar adding to `router` (another group with other middleware).
    func on(_ router: any RouterMethods<AppRequestContext>) -> RouteRegistrar {
        RouteRegistrar(router, log: log)
    }
}

/// The routes handlers were added for, in order (a route added twice appears twice): what
/// `RouteTableTests` compares with `Route.all`.
public final class RegisteredRoutes: Sendable {
    private let state = NIOLockedValueBox<[Route]>([])

    public init() {}

    func add(_ route: Route) { state.withLockedValue { $0.append(route) } }

    public var routes: [Route] { state.withLockedValue { $0 } }
}
