import Hummingbird
import Logging
import SoTubeCore
import SoTubeStoreSQL

/// Turns every error into a problem document, so no client ever sees a bare error or a crash.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return try Self.response(for: error, request: request, context: context)
        }
    }

    /// The problem document answering `error`: its own for a `Problem`, a domain or HTTP error's
    /// status and words, 503 for a database outage, and a logged 500 for anything else.
    static func response(for error: any Error, request: Request, context: Context) throws -> Response {
        switch error {
        case let problem as Problem:
            return try problem.response(from: request, context: context)
        case let error as DomainError:
            return try Problem(error).response(from: request, context: context)
        case let error as HTTPError:
            let detail = error.body ?? Self.defaultDetail(error.status)
            var problem = Problem(error.status, detail)
            problem.headers = error.headers
            problem.headers[.contentType] = nil
            return try problem.response(from: request, context: context)
        case let error as any HTTPResponseError:
            return try Problem(error.status, Self.defaultDetail(error.status))
                .response(from: request, context: context)
        case _ where DatabaseOutage.isOutage(error):
            context.logger.warning(
                "database unavailable", metadata: ["error": "\(ErrorText.of(error))", "path": "\(request.uri.path)"])
            var problem = Problem(
                .serviceUnavailable, "The store cannot reach its database right now. Please try again in a moment.")
            problem.headers[.retryAfter] = "2"
            return try problem.response(from: request, context: context)
        default:
            context.logger.error(
                "unhandled error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try Problem(.internalServerError, "Something went wrong on our side. Please try again.")
                .response(from: request, context: context)
        }
    }

    static func defaultDetail(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "There is nothing at this address."
        case .methodNotAllowed: return "This method is not allowed here."
        case .contentTooLarge: return "The request body is too large."
        case .badRequest: return "The request is malformed."
        default: return status.reasonPhrase
        }
    }
}
