import Foundation
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// An error answered as an `application/problem+json` document (RFC 9457).
public struct Problem: HTTPResponseError {
    public var status: HTTPResponse.Status
    public var document: ProblemDocument
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ detail: String, field: String? = nil) {
        self.status = status
        self.document = ProblemDocument(
            type: "about:blank", title: status.reasonPhrase, status: status.code, detail: detail, field: field)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try SoTubeJSON.encoder.encode(document)
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The problem a domain error stands for.
    public init(_ error: DomainError) {
        switch error {
        case .invalid(let field, let reason):
            self.init(.unprocessableContent, reason, field: field)
        case .conflict(let field, let reason):
            self.init(.conflict, reason, field: field)
        case .notFound(let what):
            self.init(.notFound, "\(what) was not found.")
        case .unauthorized(let reason):
            self.init(.unauthorized, reason)
        case .twoFactorRequired(let reason):
            self.init(.unauthorized, reason, field: "totp")
            document.type = ProblemType.twoFactorRequired
        case .forbidden(let reason):
            self.init(.forbidden, reason)
        case .insufficientCoins(let missing):
            self.init(.init(code: 402, reasonPhrase: "Payment Required"), "Not enough coins: \(missing) more needed.")
            document.missingCoins = missing
        case .rateLimited(let seconds):
            self.init(.tooManyRequests, "Too many attempts. Try again in \(seconds) seconds.")
            document.retryAfter = seconds
            headers[.retryAfter] = "\(seconds)"
        case .idempotencyMismatch:
            self.init(
                .unprocessableContent, "This \(SoTubeHeader.idempotencyKey) was used with a different request.",
                field: SoTubeHeader.idempotencyKey)
        case .priceChanged(let price):
            self.init(
                .conflict, "The price changed to \(price) coins since it was shown; nothing was charged.",
                field: "expectedPrice")
            document.type = ProblemType.priceChanged
            document.price = price
        case .reauthenticationRequired(let reason):
            self.init(.forbidden, reason, field: "password")
            document.type = ProblemType.reauthenticate
        case .accountFrozen(let reason):
            self.init(.forbidden, reason)
            document.type = ProblemType.accountFrozen
        case .paymentProviderUnavailable(let reason):
            self.init(.badGateway, reason)
            document.type = ProblemType.paymentProvider
        }
    }
}
