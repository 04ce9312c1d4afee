import Foundation
import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// The sandbox provider's side: its hosted checkout page (HTML form posts, authorised by the
/// unguessable top-up id and the provider's own checks) and the capture notification it sends.
struct SandboxCheckoutController {
    let checkout: any SandboxCheckoutService
    let clock: any SoTubeClock
    static let signatureHeader = HTTPField.Name(SoTubeHeader.sandboxSignature)!

    /// The hosted pages: mounted outside the session middleware (they are the provider's, not the API).
    func registerHostedPages(on routes: RouteRegistrar) {
        routes.on(.sandboxCheckout) { request, context in
            let id = try context.pathID()
            let texts = SandboxCheckoutTexts.of(request)
            guard let topUp = try await checkout.checkoutTopUp(id: id) else {
                return html(SandboxCheckoutPage.notFound(texts), status: .notFound)
            }
            return html(SandboxCheckoutPage.render(topUp, texts: texts))
        }
        routes.on(.payOnSandboxCheckout) { request, context in
            let id = try context.pathID()
            let form = try await Self.form(request, context: context)
            // The page's script submits in place and asks for JSON: a finished checkout then answers
            // where to go, and the page replaces its own history entry with it (Back never returns to
            // the checkout, nor asks to resend a form). Without script, the 303 below.
            let inPlace = request.headers[.accept]?.contains("application/json") == true
            return try await pay(
                topUpID: id, form: form, inPlace: inPlace, texts: SandboxCheckoutTexts.of(request))
        }
    }

    /// The capture notification the provider sends to the API.
    func register(on routes: RouteRegistrar) {
        routes.on(.sandboxCapture) { request, context in
            let body = try await request.decodeJSON(CaptureNotification.self, context: context)
            let outcome = try await checkout.handleCaptureNotification(
                topUpID: body.topUpId, providerReference: body.providerReference,
                signature: request.headers[Self.signatureHeader])
            return try jsonResponse(CaptureResultDTO(outcome))
        }
    }

    func pay(
        topUpID: String, form: [String: String], inPlace: Bool = false,
        texts: SandboxCheckoutTexts = SandboxCheckoutTexts(language: .en)
    ) async throws -> Response {
        guard let topUp = try await checkout.checkoutTopUp(id: topUpID) else {
            return html(SandboxCheckoutPage.notFound(texts), status: .notFound)
        }
        let back = "/#/account?topUp=\(topUp.id)"
        let done = { () throws -> Response in
            inPlace
                ? try jsonResponse(["redirect": back]) : Response(status: .seeOther, headers: [.location: back])
        }
        switch topUp.status {
        case .captured: return try done()
        case .cancelled:
            return html(SandboxCheckoutPage.render(topUp, texts: texts), status: .conflict)
        case .pending, .declined: break
        }
        let payment: SandboxPaymentProvider.Payment
        let method = SandboxCheckoutPage.Method(rawValue: form["method"] ?? "")
        switch form["method"] {
        case "cancel":
            _ = try await checkout.markTopUp(id: topUp.id, status: .cancelled, message: nil)
            return try done()
        case "account":
            payment = .account(email: form["email"] ?? "", password: form["password"] ?? "")
        case "card":
            payment = .card(
                number: form["number"] ?? "", expiry: form["expiry"] ?? "", cvc: form["cvc"] ?? "")
        default:
            return html(
                SandboxCheckoutPage.render(topUp, refusal: .init(message: texts.chooseHow), texts: texts),
                status: .unprocessableContent)
        }
        switch checkout.authorizeSandboxPayment(payment, now: clock.now()) {
        case .invalid(let message, let field):
            return html(
                SandboxCheckoutPage.render(
                    topUp, refusal: .init(message: texts.refusal(message), method: method, field: field),
                    typed: .init(form: form), texts: texts),
                status: .unprocessableContent)
        case .declined(let message):
            _ = try await checkout.markTopUp(id: topUp.id, status: .declined, message: message)
            var shown = topUp
            shown.status = .declined
            return html(
                SandboxCheckoutPage.render(
                    shown,
                    refusal: .init(
                        message: texts.refusal(message) + " " + texts.tryAnother, method: method, field: nil),
                    typed: .init(form: form), texts: texts),
                status: .init(code: 402, reasonPhrase: "Payment Required"))
        case .approved:
            _ = try await checkout.capture(topUpID: topUp.id, providerReference: topUp.providerReference)
            return try done()
        }
    }

    func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// An `application/x-www-form-urlencoded` body as a dictionary (last value wins).
    static func form(_ request: Request, context: AppRequestContext) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: 16 * 1024)
        var result: [String: String] = [:]
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ raw: Substring) -> String {
                let spaced = raw.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            result[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }
}
