import Crypto
import Foundation
import SoTubeCore

/// Fans following artists, the "new release" mail, and the one-click unsubscribe link in it (RFC 8058):
/// `/api/v1/unsubscribe/{token}`, the token naming the follower and the artist under an HMAC of the
/// server's secret, so nobody can stop someone else's follow.
extension SellerService {
    public func follow(_ user: User, artistID: String) async throws -> (following: Bool, followers: Int) {
        guard try await sellers.follow(userID: user.id, artistID: artistID, now: clock.now()) else {
            throw DomainError.notFound(what: "The artist")
        }
        return try await sellers.following(userID: user.id, artistID: artistID)
    }

    public func unfollow(_ user: User, artistID: String) async throws -> (following: Bool, followers: Int) {
        try await sellers.unfollow(userID: user.id, artistID: artistID)
        return try await sellers.following(userID: user.id, artistID: artistID)
    }

    public func following(_ user: User?, artistID: String) async throws -> (following: Bool, followers: Int) {
        try await sellers.following(userID: user?.id, artistID: artistID)
    }

    /// Mails the artist's followers that a release came out (or opened for pre-order). Failures are
    /// logged: the release is published whatever the mail does.
    func announce(_ release: SellerRelease) async {
        guard release.published else { return }
        do {
            let followers = try await sellers.followers(artistID: release.album.artistID)
            let now = clock.now()
            for user in followers {
                var message = SellerMail.newRelease(
                    to: user, release: release, link: baseURL + "/#/album/" + release.album.id,
                    preOrderUntil: release.album.isPreOrder(at: now) ? release.album.availableAt : nil)
                message.listUnsubscribe =
                    baseURL + "/api/v1/unsubscribe/"
                    + unsubscribeToken(
                        userID: user.id, artistID: release.album.artistID)
                try await mailer.send(message)
            }
        } catch {
            logger.error("new-release mail not queued", metadata: ["error": "\(error)"])
        }
    }

    func unsubscribeToken(userID: String, artistID: String) -> String {
        let payload = Data((userID + "\u{1F}" + artistID).utf8).base64URLEncoded
        return payload + "." + signature(payload)
    }

    func signature(_ payload: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: SymmetricKey(data: unsubscribeKey)))
            .base64URLEncoded
    }

    /// Stops the follow a mail's unsubscribe link names; notFound for a link that is not the store's.
    public func unsubscribe(token: String) async throws -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, ConstantTime.equal(Array(signature(parts[0]).utf8), Array(parts[1].utf8)),
            let data = Data(base64URLEncoded: parts[0]), let text = String(data: data, encoding: .utf8)
        else { throw DomainError.notFound(what: "The unsubscribe link") }
        let ids = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard ids.count == 2 else { throw DomainError.notFound(what: "The unsubscribe link") }
        try await sellers.unfollow(userID: ids[0], artistID: ids[1])
        return ids[1]
    }
}

extension Data {
    var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init?(base64URLEncoded text: String) {
        var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base.count % 4 != 0 { base += "=" }
        self.init(base64Encoded: base)
    }
}
