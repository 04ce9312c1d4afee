import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// The server's side of the route table (`SoTubeAPI.Route`): a controller adds each handler for a
/// `Route`, never for a path string, and the registrar checks the route's access rule before the
/// handler runs (a `.user` route answers 401 to a caller who is not signed in).
struct RouteRegistrar {
    let router: any RouterMethods<AppRequestContext>

    init(_ router: any RouterMethods<AppRequestContext>) { self.router = router }

    func on(
        _ route: Route,
        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator
    ) {
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
        RouteRegistrar(router)
    }
}
