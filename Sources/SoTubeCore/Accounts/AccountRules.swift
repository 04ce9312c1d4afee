import Foundation

/// The rules an account's fields must follow. Pure: no storage, no hashing.
public enum AccountRules {
    public static let usernameLength = 3...32
    public static let passwordLength = 8...72
    public static let sessionLifetime: TimeInterval = 12 * 3600
    public static let rememberedSessionLifetime: TimeInterval = 30 * 24 * 3600
    public static let passwordResetLifetime: TimeInterval = 3600

    public static func validateUsername(_ name: String, field: String = "username") throws {
        guard usernameLength.contains(name.count) else {
            throw DomainError.invalid(
                field: field,
                reason: "A username has \(usernameLength.lowerBound) to \(usernameLength.upperBound) characters.")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_.-"))
        guard name.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw DomainError.invalid(
                field: field, reason: "A username may hold letters, digits, '_', '.' and '-' only.")
        }
    }

    /// The longest display name, in characters.
    public static let displayNameLimit = 64

    /// The display name to store for `name`: trimmed; blank means "my username"; at most 64
    /// characters, no control characters (a name is shown on pages and in mail).
    public static func displayName(_ name: String, username: String, field: String = "displayName") throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return username }
        guard trimmed.count <= displayNameLimit else {
            throw DomainError.invalid(field: field, reason: "A name has at most \(displayNameLimit) characters.")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DomainError.invalid(field: field, reason: "A name may not hold control characters.")
        }
        return trimmed
    }

    public static func validateEmail(_ email: String, field: String = "email") throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let ok =
            email.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
            && !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        guard ok else { throw DomainError.invalid(field: field, reason: "This is not an email address.") }
    }

    public static func validatePassword(_ password: String, field: String = "password") throws {
        guard password.count >= passwordLength.lowerBound else {
            throw DomainError.invalid(
                field: field, reason: "A password has at least \(passwordLength.lowerBound) characters.")
        }
        guard password.utf8.count <= passwordLength.upperBound else {
            throw DomainError.invalid(
                field: field, reason: "A password has at most \(passwordLength.upperBound) bytes.")
        }
    }

    /// The form used for uniqueness: usernames and emails are unique regardless of case.
    public static func canonical(_ value: String) -> String {
        // ASCII is its own canonical form: no Foundation normalisation on every `/rest` call.
        if value.utf8.allSatisfy({ $0 < 0x80 }) { return value.lowercased() }
        return value.precomposedStringWithCanonicalMapping.lowercased()
    }

    public static func sessionExpiry(from now: Date, remember: Bool) -> Date {
        now + (remember ? rememberedSessionLifetime : sessionLifetime)
    }
}
