import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `POST /webhooks/stripe`: the raw body is what Stripe signed, so it is read as bytes, checked, and
/// only then parsed. A body that cannot be believed is 400 and changes nothing.
struct StripeWebhookController {
    let commerce: CommerceService
    /// The webhook's signing secret; nil when card payments are off (the route answers 404).
    let secret: String?
    /// Stripe's events are small; a bigger body is not one.
    static let maxBody = 512 * 1024

    func register(on routes: RouteRegistrar) {
        routes.on(.stripeWebhook) { request, _ in
            guard let secret else { throw DomainError.notFound(what: "Card payments") }
            let body: [UInt8]
            do {
                body = Array(buffer: try await request.body.collect(upTo: Self.maxBody))
            } catch {
                throw Problem(.badRequest, "The body is larger than any Stripe event.")
            }
            do {
                let outcome = try await commerce.handleStripeWebhook(
                    body: body, signature: request.headers[.stripeSignature], secret: secret)
                return try jsonResponse(WebhookResultDTO(received: true, outcome: outcome))
            } catch let rejected as CommerceService.WebhookRejected {
                throw Problem(.badRequest, rejected.reason)
            }
        }
    }
}

extension HTTPField.Name {
    static let stripeSignature = HTTPField.Name("Stripe-Signature")!
}
