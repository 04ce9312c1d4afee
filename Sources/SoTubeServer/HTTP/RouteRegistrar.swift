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
    /// "Now" for the operator routes' recent-password rule.
    let clock: any SoTubeClock

    init(_ router: any RouterMethods<AppRequestContext>, clock: any SoTubeClock = SystemClock()) {
        self.router = router
        self.clock = clock
    }

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
        case .operator:
            let recentPassword = route.needsRecentPassword
            let clock = self.clock
            router.on(RouterPath(route.path), method: method) { request, context in
                let identity = try context.requireIdentity()
                guard identity.user.role == .operator else {
                    throw DomainError.forbidden(reason: "Only the store's operators may do this.")
                }
                if recentPassword {
                    try OperatorRules.requireRecentPassword(provedAt: identity.passwordProvedAt, now: clock.now())
                }
                return try await handler(request, context)
            }
        case .seller:
            router.on(RouterPath(route.path), method: method) { request, context in
                let identity = try context.requireIdentity()
                guard identity.user.role.sells else {
                    throw DomainError.forbidden(reason: "Only artists' and labels' accounts may do this.")
                }
                return try await handler(request, context)
            }
        case .anyone, .hostedPage, .appPassword:
            router.on(RouterPath(route.path), method: method, use: handler)
        }
    }

    /// The same registrar adding to `router` (another group with other middleware).
    func on(_ router: any RouterMethods<AppRequestContext>) -> RouteRegistrar {
        RouteRegistrar(router, clock: clock)
    }
}
