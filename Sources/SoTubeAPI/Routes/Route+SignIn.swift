// Sign-in through the store's identity provider (OpenID Connect) and which ways of signing in a store
// offers (issue 34; SPEC A1, A4, A8).
extension Route {
    public static let signInMethods = Route(
        .get, "/api/v1/auth/methods",
        "How this store signs people in: password sign-in (on unless the operator turned it off), an OpenID "
            + "provider (its button's name and where its sign-in starts), a trusted proxy's header",
        tag: "accounts", responses: [200: ("The ways to sign in", "SignInMethods")], web: "signInMethods")
    public static let oidcStart = Route(
        .get, "/api/v1/auth/oidc/start",
        "Begin signing in with the OpenID provider: a redirect to its authorization endpoint (code flow with "
            + "PKCE, state and nonce)",
        tag: "accounts",
        responses: [
            302: ("To the provider's sign-in page", nil),
            400: ("A native app's redirect the store does not allow, or no appChallenge with it", nil),
            404: ("This store has no OpenID provider", nil),
            502: ("The provider's discovery document could not be read", nil),
        ],
        query: [
            "returnTo": "Where the browser goes afterwards: a path on this site (default /#/store)",
            "remember": "1: keep the session for 30 days",
            "redirect": "A native app's redirect (sotube://… by default), which gets a one-time code",
            "appChallenge": "With redirect: BASE64URL(SHA-256(verifier)) of the app's own PKCE verifier",
        ],
        responseContentType: "text/html", web: "oidcStart")
    public static let oidcCallback = Route(
        .get, "/api/v1/auth/oidc/callback",
        "Where the provider sends the browser back (the redirect URI to register at the provider): signed in "
            + "and on to returnTo, to /#/oidc-link/{ticket} when a verified email has an account here, or "
            + "/#/login?signInError=… when refused",
        tag: "accounts",
        responses: [
            302: ("Signed in (session cookies set), to the link screen, or refused with the reason", nil),
            404: ("This store has no OpenID provider", nil),
        ],
        query: [
            "code": "The provider's authorization code", "state": "The log-in's state",
            "error": "The provider's refusal", "error_description": "Its reason",
        ],
        responseContentType: "text/html")
    public static let oidcLinkTicket = Route(
        .get, "/api/v1/auth/oidc/links/{ticket}",
        "The account a first provider sign-in would be linked to (its verified email has an account here)",
        tag: "accounts",
        responses: [
            200: ("The account and the provider", "OIDCLinkOffer"),
            404: ("Unknown, used or expired ticket (10 minutes)", nil),
        ], web: "oidcLink")
    public static let oidcLink = Route(
        .post, "/api/v1/auth/oidc/links/{ticket}",
        "Link the provider's identity to this account with its password, and sign in",
        tag: "accounts", request: "OIDCLinkRequest",
        responses: [
            200: ("Linked and signed in (session cookies set)", "AuthResponse"),
            400: ("Malformed JSON", nil),
            401: (
                "Wrong password (the ticket stays usable); or, with type urn:sotube:problem:two-factor-required, "
                    + "the account needs its code in totp", nil
            ),
            403: ("Sent by another site's page, or the account is locked", nil),
            404: ("Unknown, used or expired ticket", nil), 409: ("The identity was linked meanwhile", nil),
            413: ("Body too large", nil), 422: ("Invalid field", nil), 429: ("Too many attempts", nil),
        ], web: "oidcLink")
    public static let oidcExchange = Route(
        .post, "/api/v1/auth/oidc/exchange",
        "A native app trades the one-time code its redirect received, with its PKCE verifier, for a token",
        tag: "accounts", request: "OIDCExchangeRequest",
        responses: [
            200: ("Signed in: the bearer token", "AuthResponse"),
            400: ("Malformed JSON, or an unknown, used or expired code, or a verifier that does not match", nil),
            403: ("The account is locked", nil), 404: ("This store has no OpenID provider", nil),
            413: ("Body too large", nil), 422: ("Invalid field", nil),
        ], web: "oidcExchange")

    public static let signInLink = Route(
        .get, "/api/v1/auth/links/{token}",
        "Sign in with a one-time link an operator made on the server (`sotube users sign-in-link`, 10 minutes): "
            + "the way in when password sign-in is off",
        tag: "accounts",
        responses: [302: ("Signed in (session cookies set) and on to the store, or to /#/login?signInError=…", nil)],
        responseContentType: "text/html")

    static let signIn: [Route] = [
        signInMethods, oidcStart, oidcCallback, oidcLinkTicket, oidcLink, oidcExchange, signInLink,
    ]
}
