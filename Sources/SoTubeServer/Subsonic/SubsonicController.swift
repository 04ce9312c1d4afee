import Foundation
import Hummingbird
import SoTubeCore

/// One `/rest` call after authentication.
struct SubsonicCall: Sendable {
    let parameters: SubsonicParameters
    /// The caller; nil only for methods that need no authentication.
    let user: User?
    let format: SubsonicResponder.Format
    let request: Request
    let context: AppRequestContext

    /// The caller's id (methods that need one are never called without it).
    var userID: String { user?.id ?? "" }
}

/// What a method answers: elements inside the envelope, or a response of its own (audio, images).
enum SubsonicOutcome: Sendable {
    case body([(String, SubsonicElement.Child)])
    case response(Response)

    static let empty = SubsonicOutcome.body([])
    static func one(_ name: String, _ element: SubsonicElement) -> SubsonicOutcome { .body([(name, .one(element))]) }
}

typealias SubsonicMethod = @Sendable (SubsonicCall) async throws -> SubsonicOutcome

/// `/rest/{method}` and `/rest/{method}.view`, GET, HEAD and form-encoded POST (SPEC O2): the
/// caller's purchased library for Subsonic and OpenSubsonic players. Errors are Subsonic errors with
/// HTTP 200. Credentials are never logged (the request log holds the path only).
struct SubsonicController: Sendable {
    let authenticator: SubsonicAuthenticator
    let methods: [String: SubsonicMethod]
    /// Answer without credentials (OpenSubsonic: only this one); every other method, `ping` and
    /// `getLicense` included, answers 10 when there are none.
    static let open: Set<String> = ["getOpenSubsonicExtensions"]
    /// Methods that answer without reading the caller's library.
    static let withoutLibrary: Set<String> = ["ping", "getLicense", "getOpenSubsonicExtensions", "tokenInfo"]

    func register(on routes: RouteRegistrar) {
        routes.on(.subsonic) { request, context in await handle(request, context) }
        routes.on(.subsonicHead) { request, context in await handle(request, context) }
        routes.on(.subsonicForm) { request, context in await handle(request, context) }
    }

    func handle(_ request: Request, _ context: AppRequestContext) async -> Response {
        // The query's `f` until the parameters (query and form body) are read.
        var readFormat: SubsonicResponder.Format?
        var format: SubsonicResponder.Format {
            get { readFormat ?? SubsonicResponder.format(request.uri.queryParameters.get("f")) }
            set { readFormat = newValue }
        }
        do {
            let parameters = try await SubsonicParameters.read(request, context: context)
            format = SubsonicResponder.format(parameters.string("f"))
            var name = context.parameters.get("method") ?? ""
            if name.hasSuffix(".view") { name = String(name.dropLast(5)) }
            guard let method = methods[name] else {
                throw SubsonicError(code: 0, message: "Unknown method: \(name)")
            }
            var user: User?
            if !Self.open.contains(name) {
                user = try await authenticator.authenticate(
                    try SubsonicCredentials.from(parameters), client: context.clientAddress)
            }
            let call = SubsonicCall(
                parameters: parameters, user: user, format: format, request: request, context: context)
            // One read of the caller's owned count serves every list the method asks for (a
            // task-local, which each suspension of the task then pays for: not set for the methods
            // that read no library).
            let outcome =
                Self.withoutLibrary.contains(name)
                ? try await method(call)
                : try await RememberedPlayerLibrary.$ownedCounts.withValue(RememberedPlayerLibrary.OwnedCounts()) {
                    try await method(call)
                }
            switch outcome {
            case .body(let body): return SubsonicResponder.ok(body, format: format)
            case .response(var response):
                SecurityHeaders.add(to: &response.headers)
                return response
            }
        } catch let error as SubsonicError {
            return SubsonicResponder.failure(error, format: format)
        } catch let error as DomainError {
            return SubsonicResponder.failure(SubsonicError(error), format: format)
        } catch let problem as Problem {
            // Only the file responder's answers come here (a file missing on disk, a range it cannot
            // serve): services throw domain errors.
            if problem.status == .notFound {
                return SubsonicResponder.failure(
                    SubsonicError(code: 70, message: problem.document.detail), format: format)
            }
            // Range errors and the like from the file responder keep their HTTP meaning.
            if var response = try? problem.response(from: request, context: context) {
                SecurityHeaders.add(to: &response.headers)
                return response
            }
            return SubsonicResponder.failure(.generic(problem.document.detail), format: format)
        } catch {
            context.logger.error("subsonic method failed", metadata: ["error": "\(error)"])
            return SubsonicResponder.failure(.generic("The server failed to answer."), format: format)
        }
    }
}
