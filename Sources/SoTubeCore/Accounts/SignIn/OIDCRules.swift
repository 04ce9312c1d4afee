import Crypto
import Foundation

/// The checks an ID token's claims must pass once its signature is good (OpenID Connect Core §3.1.3.7),
/// and the decisions a sign-in makes from them. Pure: the caller brings the clock's time.
public enum OIDCRules {
    /// How far the provider's clock may be off ours.
    public static let leeway: TimeInterval = 120
    /// The oldest `iat` accepted: a token is used the moment it is issued.
    public static let maximumAge: TimeInterval = 600
    /// How long a log-in may stay at the provider, and a link ticket or an app code may wait.
    public static let stateLifetime: TimeInterval = 600
    public static let appCodeLifetime: TimeInterval = 120

    /// What the token must say: our provider, our client, the nonce of this log-in.
    public struct Expectation: Sendable {
        public var issuer: String
        public var clientID: String
        public var nonce: String
        public init(issuer: String, clientID: String, nonce: String) {
            self.issuer = issuer
            self.clientID = clientID
            self.nonce = nonce
        }
    }

    /// Throws `DomainError.unauthorized` naming the first claim that is wrong.
    public static func validate(_ claims: ClaimSet, expected: Expectation, now: Date) throws {
        func refuse(_ reason: String) -> DomainError { .unauthorized(reason: "The sign-in was refused: \(reason)") }
        guard let issuer = claims["iss"]?.string, sameIssuer(issuer, expected.issuer) else {
            throw refuse("the ID token was issued by another provider.")
        }
        guard let subject = claims["sub"]?.string, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw refuse("the ID token names no subject.")
        }
        let audiences = claims["aud"]?.strings ?? []
        guard audiences.contains(expected.clientID) else {
            throw refuse("the ID token was issued for another application.")
        }
        if audiences.count > 1, claims["azp"]?.string != expected.clientID {
            throw refuse("the ID token was issued for several applications and not presented by this one.")
        }
        let nowSeconds = now.timeIntervalSince1970
        guard let expires = claims["exp"]?.seconds, expires + leeway > nowSeconds else {
            throw refuse("the ID token has expired.")
        }
        guard let issuedAt = claims["iat"]?.seconds, issuedAt <= nowSeconds + leeway,
            issuedAt >= nowSeconds - maximumAge - leeway
        else {
            throw refuse("the ID token was not issued just now.")
        }
        guard let nonce = claims["nonce"]?.string, ConstantTime.equal(nonce, expected.nonce) else {
            throw refuse("the ID token belongs to another sign-in (its nonce does not match).")
        }
    }

    /// Issuers compare exactly, a trailing slash aside.
    public static func sameIssuer(_ a: String, _ b: String) -> Bool {
        func bare(_ s: String) -> Substring { s.hasSuffix("/") ? s.dropLast() : Substring(s) }
        return bare(a) == bare(b)
    }

    /// The person the claims describe.
    public static func profile(_ claims: ClaimSet, groupsClaim: String) -> OIDCProfile {
        let email = claims["email"]?.string?.trimmingCharacters(in: .whitespaces)
        return OIDCProfile(
            subject: claims["sub"]?.string ?? "",
            email: email.flatMap { (try? AccountRules.validateEmail($0)) != nil ? $0 : nil },
            emailVerified: claims["email_verified"]?.bool ?? false,
            preferredUsername: claims["preferred_username"]?.string,
            name: claims["name"]?.string,
            groups: claims[groupsClaim]?.strings ?? [])
    }

    /// Usernames to try for a new account, best first: the provider's preferred username made valid,
    /// else the email's local part, else "user"; then the same with 2, 3, … appended.
    public static func usernameCandidates(_ profile: OIDCProfile, count: Int = 50) -> [String] {
        let base =
            [profile.preferredUsername, profile.email.map { String($0.prefix { $0 != "@" }) }]
            .compactMap { $0.map(usable) }.first { $0.count >= AccountRules.usernameLength.lowerBound } ?? "user"
        var names = [base]
        var number = 2
        while names.count < count {
            let suffix = String(number)
            names.append(String(base.prefix(AccountRules.usernameLength.upperBound - suffix.count)) + suffix)
            number += 1
        }
        return names
    }

    /// `text` with what a username may not hold replaced by "_", at most the longest username.
    static func usable(_ text: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_.-"))
        let scalars = text.trimmingCharacters(in: .whitespaces).unicodeScalars.map {
            allowed.contains($0) ? Character($0) : "_"
        }
        return String(String(scalars).prefix(AccountRules.usernameLength.upperBound))
    }

    /// An address for an account whose provider gave none: unique per identity, never deliverable.
    public static func placeholderEmail(issuer: String, subject: String) -> String {
        let digest = SHA256.hash(data: Data("\(issuer) \(subject)".utf8))
        let local = digest.prefix(10).map { String(format: "%02x", $0) }.joined()
        let host = URL(string: issuer)?.host?.lowercased().filter {
            $0.isLetter || $0.isNumber || $0 == "." || $0 == "-"
        }
        return "\(local)@\(host.flatMap { $0.isEmpty ? nil : $0 } ?? "provider").invalid"
    }

    /// The role an account gets at a sign-in: with an operator group configured the provider decides
    /// who operates (in the group: operator; an operator out of it: buyer); sellers keep their role.
    /// Nil: no change.
    public static func role(after current: UserRole, groups: [String], operatorGroup: String?) -> UserRole? {
        guard let operatorGroup, !operatorGroup.isEmpty else { return nil }
        let member = groups.contains(operatorGroup)
        if member, current == .buyer { return .operator }
        if !member, current == .operator { return .buyer }
        return nil
    }

    /// PKCE's S256 challenge of a verifier (RFC 7636 §4.2).
    public static func pkceChallenge(_ verifier: String) -> String {
        Array(SHA256.hash(data: Data(verifier.utf8))).base64URLString
    }

    /// Where a sign-in may send the browser afterwards: a path on this site, else the store.
    public static func safeReturnTo(_ value: String?) -> String {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), value.count <= 512,
            !value.contains("\\"), !value.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return "/#/store" }
        return value
    }
}

/// Who the provider says signed in.
public struct OIDCProfile: Sendable, Equatable {
    public var subject: String
    /// A well-formed address, when the provider gave one.
    public var email: String?
    public var emailVerified: Bool
    public var preferredUsername: String?
    public var name: String?
    public var groups: [String]

    public init(
        subject: String, email: String?, emailVerified: Bool, preferredUsername: String?, name: String?,
        groups: [String]
    ) {
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.preferredUsername = preferredUsername
        self.name = name
        self.groups = groups
    }
}
