import SoTubeAPI

public enum RouteDocs {}
public enum SchemaDocs {}

extension RouteDocs {
    static let system: [RouteDoc] = [
        RouteDoc(
            "GET", "/healthz", "Liveness and database check", tag: "system",
            responses: [200: ("Healthy", "Health"), 503: ("Database unavailable", "Health")]),
        RouteDoc(
            "GET", "/readyz", "Readiness: the database answers and its schema is this build's", tag: "system",
            responses: [200: ("Ready", "Readiness"), 503: ("Not ready", "Readiness")]),
        RouteDoc(
            "GET", "/openapi.json", "This document", tag: "system", responses: [200: ("OpenAPI 3.1 document", nil)]),
        RouteDoc(
            "GET", "/metrics",
            "Prometheus metrics (text format): requests and latency per route, errors, purchases, top-ups",
            tag: "system", responses: [200: ("Prometheus text exposition format", nil)]),
    ]

    static let accounts: [RouteDoc] = [
        RouteDoc(
            "POST", "/api/v1/auth/register",
            "Create an account and log in. An email address that has an account gets the same answer, but "
                + "nothing is made (the token opens no session) and the address's owner is mailed",
            tag: "accounts",
            request: "RegisterRequest",
            responses: [
                201: ("Created (or, for a known email address, answered alike)", "AuthResponse"),
                400: ("Malformed JSON", nil),
                403: ("Sent by another site's page", nil), 409: ("Username taken", nil),
                413: ("Body too large", nil), 422: ("Invalid field", nil),
                429: ("Too many sign-ups from this address", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/login", "Log in; sets the session cookie", tag: "accounts",
            request: "LoginRequest",
            responses: [
                200: ("Logged in", "AuthResponse"),
                401: (
                    "Wrong username or password; or, with type urn:sotube:problem:two-factor-required, the password "
                        + "was right but the account needs a current code in totp (missing, wrong or used)", nil
                ),
                403: ("Sent by another site's page", nil), 422: ("Invalid field", nil),
                429: (
                    "Too many attempts from this address, or for this account from everywhere but the owner's "
                        + "remembered device (cookie sotube_device) and last sign-in address: wait Retry-After "
                        + "seconds (longer each time)", nil
                ),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/logout", "End this session", tag: "accounts", auth: true,
            responses: [204: ("Logged out", nil), 401: ("Not logged in", nil)]),
        RouteDoc(
            "POST", "/api/v1/auth/password-reset", "Mail a password-reset link", tag: "accounts",
            request: "PasswordResetRequest",
            responses: [
                202: ("Accepted, whether or not the account exists", "PasswordResetAccepted"),
                403: ("Sent by another site's page", nil), 422: ("Invalid field", nil),
                429: ("Too many reset requests from this address or for this account", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/password-reset/confirm", "Set a new password with a reset token", tag: "accounts",
            request: "PasswordResetConfirmRequest",
            responses: [
                204: ("Password changed; the user's sessions and app passwords end; two-step sign-in stays on", nil),
                422: ("Invalid, used or expired token, or weak password", nil),
            ]),
        RouteDoc(
            "GET", "/api/v1/me", "The logged-in user", tag: "accounts", auth: true,
            responses: [200: ("The user", "Me"), 401: ("Not logged in", nil)]),
        RouteDoc(
            "PUT", "/api/v1/me/username", "Change username (old and new)", tag: "accounts", auth: true,
            request: "ChangeUsernameRequest",
            responses: [
                200: ("Changed", "User"), 401: ("Not logged in", nil), 409: ("Taken", nil),
                422: ("Invalid field", nil),
            ]),
        RouteDoc(
            "PUT", "/api/v1/me/password",
            "Change password; ends the user's other sessions and revokes every app password",
            tag: "accounts", auth: true, request: "ChangePasswordRequest",
            responses: [
                204: ("Changed", nil), 401: ("Not logged in", nil),
                422: ("Wrong current password or weak new one", nil),
                429: ("Too many wrong passwords: wait Retry-After seconds", nil),
            ]),
    ]
}

extension SchemaDocs {
    static let accounts: [String: JSONValue] = [
        "Health": JSONSchema.object([
            "status": JSONSchema.enumeration(HealthResponse.Status.self), "database": JSONSchema.string,
        ]),
        "Readiness": JSONSchema.object(
            [
                "status": JSONSchema.enumeration(HealthResponse.Status.self), "database": JSONSchema.string,
                "schemaVersion": JSONSchema.int, "expectedSchemaVersion": JSONSchema.int,
            ], required: ["status", "database", "expectedSchemaVersion"]),
        "User": JSONSchema.object([
            "id": JSONSchema.string, "username": JSONSchema.string, "email": JSONSchema.string,
            "displayName": JSONSchema.string, "coins": JSONSchema.int,
        ]),
        "Me": JSONSchema.object(
            [
                "id": JSONSchema.string, "username": JSONSchema.string, "email": JSONSchema.string,
                "displayName": JSONSchema.string, "coins": JSONSchema.int,
                "ownedCount": JSONSchema.int, "avatarUrl": JSONSchema.nullable("string"),
                "landing": JSONSchema.enumeration(MeResponse.Landing.self), "twoFactorEnabled": JSONSchema.bool,
            ],
            required: [
                "id", "username", "email", "displayName", "coins", "ownedCount", "landing", "twoFactorEnabled",
            ]),
        "AuthResponse": JSONSchema.object(["user": JSONSchema.ref("User"), "token": JSONSchema.string]),
        "RegisterRequest": JSONSchema.object([
            "username": JSONSchema.string, "email": ["type": "string", "format": "email"],
            "password": JSONSchema.string,
        ]),
        "LoginRequest": JSONSchema.object(
            [
                "username": JSONSchema.string, "password": JSONSchema.string, "remember": JSONSchema.bool,
                "totp": JSONSchema.string,
            ],
            required: ["username", "password"]),
        "PasswordResetRequest": JSONSchema.object(["email": JSONSchema.string]),
        "PasswordResetAccepted": JSONSchema.object(["status": JSONSchema.string]),
        "PasswordResetConfirmRequest": JSONSchema.object(["token": JSONSchema.string, "newPassword": JSONSchema.string]
        ),
        "ChangeUsernameRequest": JSONSchema.object(["oldUsername": JSONSchema.string, "newUsername": JSONSchema.string]
        ),
        "ChangePasswordRequest": JSONSchema.object([
            "currentPassword": JSONSchema.string, "newPassword": JSONSchema.string,
        ]),
    ]
}
