import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SoTubeCore

@testable import SoTubeServer

/// Logs the caller in as the user named in `X-Test-User` (no session store): controllers tested
/// against fakes get an identity without the auth stack.
struct TestIdentityMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let header = HTTPField.Name("X-Test-User")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        if let name = request.headers[Self.header] {
            let user = User(
                id: "u-" + name, username: name, email: "\(name)@example.com", displayName: name, coins: 0,
                createdAt: Date(timeIntervalSince1970: 0))
            context.identity = Identity(user: user, sessionTokenHash: "test", viaCookie: false)
        }
        return try await next(request, context)
    }
}

/// Runs `body` against a router holding only what `register` mounts, behind the problem middleware
/// and (unless `identities` is false) the test identity middleware.
func withSeam<R>(
    identities: Bool = true, _ register: (RouterGroup<AppRequestContext>) -> Void,
    _ body: @Sendable (any TestClientProtocol) async throws -> R
) async throws -> R {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: ProblemMiddleware())
    let group = identities ? router.group().add(middleware: TestIdentityMiddleware()) : router.group()
    register(group)
    return try await Application(router: router).test(.router, body)
}

extension TestClientProtocol {
    /// A request as `user` (nil: a guest).
    func call(
        _ method: HTTPRequest.Method, _ uri: String, as user: String? = nil, body: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let user { headers[TestIdentityMiddleware.header] = user }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}
