import Foundation
import SoTubeAPI

/// What went wrong with a request, typed from the server's problem document (RFC 9457) so an app
/// can react to each case: offer a top-up, show a field's message, wait and retry.
///
/// ```swift
/// do {
///     try await client.buy(.track("t1"))
/// } catch SoTubeError.notEnoughCoins(let missing) {
///     // offer a top-up of at least `missing` coins
/// }
/// ```
public enum SoTubeError: Error, Sendable, Equatable {
    /// HTTP 402: the balance is short by `missing` coins.
    case notEnoughCoins(missing: Int)
    /// HTTP 409 on a purchase: the caller already owns the song (or every song of the album).
    case alreadyOwned
    /// The purchase costs `price` now, not the price the buyer was shown (``PurchaseIntent/expectedPrice``):
    /// nothing was charged. Show the new price and, if the buyer agrees, buy
    /// ``PurchaseIntent/confirming(price:)``.
    case priceChanged(price: Int)
    /// HTTP 404: no such song, album, artist, playlist, top-up, gift code or app password.
    case notFound
    /// HTTP 401: not logged in, the session ended, or the username or password is wrong.
    case unauthorized(message: String)
    /// HTTP 401 from a log-in whose password was right: the account has two-step sign-in and the
    /// code (``SoTubeClient/login(username:password:remember:totp:)``'s `totp`) was missing, wrong
    /// or used already. Ask for the code from the authenticator app (or a recovery code).
    case twoFactorRequired(message: String)
    /// HTTP 403: logged in, but not allowed (e.g. coins are not sold on this server).
    case forbidden(message: String)
    /// HTTP 429: too many attempts; try again after `retryAfter` seconds.
    case rateLimited(retryAfter: Int)
    /// HTTP 400 or 422: input broke a rule; `field` names the request field at fault when known.
    case validation(field: String?, message: String)
    /// HTTP 409 other than a purchase: something with this key exists already (a taken username,
    /// an already redeemed gift code); `field` names it when known.
    case conflict(field: String?, message: String)
    /// HTTP 5xx: the server failed; the request may be retried later.
    case server(status: Int, message: String)
    /// No answer: the server could not be reached or the connection broke (`reason` says how).
    case offline(reason: String)
    /// An answer this SDK does not understand (an unexpected status or body).
    case unexpected(status: Int, message: String)

    /// A sentence for people, from the server's problem document where there was one.
    public var message: String {
        switch self {
        case .notEnoughCoins(let missing): return "Not enough coins: \(missing) more needed."
        case .alreadyOwned: return "You already own this."
        case .priceChanged(let price): return "The price changed to \(price) coins; nothing was charged."
        case .notFound: return "Not found."
        case .unauthorized(let message), .twoFactorRequired(let message), .forbidden(let message),
            .server(_, let message),
            .unexpected(_, let message), .validation(_, let message), .conflict(_, let message):
            return message
        case .rateLimited(let seconds): return "Too many attempts; try again in \(seconds) seconds."
        case .offline(let reason): return "The server cannot be reached: \(reason)"
        }
    }

    /// The error a non-2xx answer stands for: its problem document when it has one, else its status.
    ///
    /// - Parameters:
    ///   - status: the HTTP status code.
    ///   - body: the answer's body (a problem document, usually).
    ///   - retryAfterHeader: the `Retry-After` header, used when the document has no `retryAfter`.
    ///   - isPurchase: whether the request was a purchase (a 409 then means ``alreadyOwned``).
    public static func from(status: Int, body: Data, retryAfterHeader: String? = nil, isPurchase: Bool = false)
        -> SoTubeError
    {
        let problem = try? SoTubeJSON.decoder.decode(ProblemDocument.self, from: body)
        let detail = problem?.detail ?? "The server answered HTTP \(status)."
        switch status {
        case 402: return .notEnoughCoins(missing: problem?.missingCoins ?? 0)
        case 404: return .notFound
        case 401 where problem?.type == ProblemType.twoFactorRequired: return .twoFactorRequired(message: detail)
        case 401: return .unauthorized(message: detail)
        case 403: return .forbidden(message: detail)
        case 429:
            let seconds = problem?.retryAfter ?? retryAfterHeader.flatMap { Int($0) } ?? 1
            return .rateLimited(retryAfter: seconds)
        case 409 where problem?.type == ProblemType.priceChanged: return .priceChanged(price: problem?.price ?? 0)
        case 409 where isPurchase: return .alreadyOwned
        case 409: return .conflict(field: problem?.field, message: detail)
        case 400, 422: return .validation(field: problem?.field, message: detail)
        case 500...599: return .server(status: status, message: detail)
        default: return .unexpected(status: status, message: detail)
        }
    }
}

extension SoTubeError: LocalizedError {
    /// The same sentence as ``message``, for `localizedDescription`.
    public var errorDescription: String? { message }
}
