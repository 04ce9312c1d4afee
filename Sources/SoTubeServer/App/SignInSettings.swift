import Foundation

/// How the store signs people in besides (or instead of) passwords: an OpenID provider and a trusted
/// proxy's header (issue 34). Read once from the environment by `ServerConfiguration.resolve`.
public struct SignInSettings: Sendable, Equatable {
    /// Username-and-password sign-in, sign-up and reset (`SOTUBE_LOCAL_LOGIN=off` turns them off).
    public var localLogin = true
    public var oidc: OIDCSettings?
    /// `SOTUBE_AUTH_HEADER` (e.g. `Remote-User`): believed from `trustedProxies` only.
    public var authHeader: String?
    /// `SOTUBE_AUTH_EMAIL_HEADER`: the address of an account a header sign-in makes.
    public var authEmailHeader = "Remote-Email"

    public init() {}

    static func resolve(environment: [String: String]) throws -> SignInSettings {
        var settings = SignInSettings()
        switch environment["SOTUBE_LOCAL_LOGIN"]?.lowercased() {
        case nil, "", "on", "true", "1", "yes": settings.localLogin = true
        case "off", "false", "0", "no": settings.localLogin = false
        case let other?: throw ConfigurationError(description: "SOTUBE_LOCAL_LOGIN must be on or off, not \(other)")
        }
        settings.oidc = try OIDCSettings.resolve(environment: environment)
        if let header = Self.headerName(environment["SOTUBE_AUTH_HEADER"], variable: "SOTUBE_AUTH_HEADER") {
            settings.authHeader = try header.get()
        }
        if let header = Self.headerName(environment["SOTUBE_AUTH_EMAIL_HEADER"], variable: "SOTUBE_AUTH_EMAIL_HEADER") {
            settings.authEmailHeader = try header.get()
        }
        return settings
    }

    private static func headerName(_ value: String?, variable: String) -> Result<String, ConfigurationError>? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        guard value.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
            return .failure(ConfigurationError(description: "\(variable) must be a header name such as Remote-User"))
        }
        return .success(value)
    }
}

/// The store's OpenID provider: `SOTUBE_OIDC_ISSUER`, `…_CLIENT_ID`, `…_CLIENT_SECRET` (all three, or
/// none), and the optional rest.
public struct OIDCSettings: Sendable, Equatable {
    public var issuer: String
    public var clientID: String
    public var clientSecret: String
    public var scopes = "openid profile email"
    /// The button's label: "Sign in with {name}".
    public var name = "single sign-on"
    /// A value of the groups claim that makes the account an operator.
    public var operatorGroup: String?
    public var groupsClaim = "groups"
    /// The redirects a native app may ask for (prefixes).
    public var appRedirectPrefixes = ["sotube://"]

    public init(issuer: String, clientID: String, clientSecret: String) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    static func resolve(environment: [String: String]) throws -> OIDCSettings? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let required = ["SOTUBE_OIDC_ISSUER", "SOTUBE_OIDC_CLIENT_ID", "SOTUBE_OIDC_CLIENT_SECRET"]
        let given = required.filter { value($0) != nil }
        guard !given.isEmpty else { return nil }
        guard given.count == required.count, let issuer = value(required[0]), let id = value(required[1]),
            let secret = value(required[2])
        else {
            let missing = required.filter { value($0) == nil }.joined(separator: ", ")
            throw ConfigurationError(description: "OpenID Connect needs \(missing) as well")
        }
        guard let url = URL(string: issuer), ["https", "http"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil, url.query == nil, url.fragment == nil
        else {
            throw ConfigurationError(description: "SOTUBE_OIDC_ISSUER must be the provider's https:// address")
        }
        var settings = OIDCSettings(issuer: issuer, clientID: id, clientSecret: secret)
        if let scopes = value("SOTUBE_OIDC_SCOPES") {
            settings.scopes = scopes.split(whereSeparator: { $0 == " " || $0 == "," }).joined(separator: " ")
            if !settings.scopes.split(separator: " ").contains("openid") {
                settings.scopes = "openid " + settings.scopes
            }
        }
        if let name = value("SOTUBE_OIDC_NAME") { settings.name = String(name.prefix(60)) }
        settings.operatorGroup = value("SOTUBE_OIDC_OPERATOR_GROUP")
        if let claim = value("SOTUBE_OIDC_GROUPS_CLAIM") { settings.groupsClaim = claim }
        if let prefixes = value("SOTUBE_OIDC_APP_REDIRECTS") {
            settings.appRedirectPrefixes = prefixes.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { $0.contains(":") }
        }
        return settings
    }
}
