import Foundation

/// `POST /api/v1/me/two-factor/enrol`: the secret to put in an authenticator app, as text and as
/// the `otpauth://` address a QR code carries. Not in force until confirmed with a code.
public struct TwoFactorEnrolmentDTO: Codable, Sendable, Equatable {
    /// Base32 (RFC 4648, upper case, no padding).
    public var secret: String
    /// `otpauth://totp/SoTube:<username>?secret=…&issuer=SoTube`.
    public var otpauthUri: String
    public init(secret: String, otpauthUri: String) {
        self.secret = secret
        self.otpauthUri = otpauthUri
    }
}

/// `POST /api/v1/me/two-factor/enrol`: the account password, so a stolen session cannot turn
/// two-step sign-in on and lock the owner out.
public struct TwoFactorEnrolRequest: Codable, Sendable {
    public var password: String
    public init(password: String) { self.password = password }
}

/// `POST /api/v1/me/two-factor/confirm`.
public struct TwoFactorConfirmRequest: Codable, Sendable {
    /// The current 6-digit code from the authenticator app.
    public var code: String
    public init(code: String) { self.code = code }
}

/// The recovery codes, shown once when two-step sign-in is turned on; each logs in once in place
/// of an authenticator code.
public struct TwoFactorRecoveryCodesDTO: Codable, Sendable, Equatable {
    public var recoveryCodes: [String]
    public init(recoveryCodes: [String]) { self.recoveryCodes = recoveryCodes }
}

/// `POST /api/v1/me/two-factor/disable`: the password and a current code (or a recovery code).
public struct TwoFactorDisableRequest: Codable, Sendable {
    public var password: String
    public var code: String
    public init(password: String, code: String) {
        self.password = password
        self.code = code
    }
}
