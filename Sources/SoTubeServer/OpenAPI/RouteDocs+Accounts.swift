import SoTubeAPI

public enum RouteDocs {}
public enum SchemaDocs {}

extension RouteDocs {
    static let system: [RouteDoc] = [
        RouteDoc(
            "GET", "/healthz", "Liveness and database check", tag: "system",
            responses: [200: ("Healthy", "Health"), 503: ("Database unavailable", "Health")]),
        RouteDoc(
            "GET", "/openapi.json", "This document", tag: "system", responses: [200: ("OpenAPI 3.1 document", nil)]),
    ]

    static let accounts: [RouteDoc] = [
        RouteDoc(
            "POST", "/api/v1/auth/register", "Create an account and log in", tag: "accounts",
            request: "RegisterRequest",
            responses: [
                201: ("Created", "AuthResponse"), 400: ("Malformed JSON", nil), 409: ("Username or email taken", nil),
                413: ("Body too large", nil), 422: ("Invalid field", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/login", "Log in; sets the session cookie", tag: "accounts",
            request: "LoginRequest",
            responses: [
                200: ("Logged in", "AuthResponse"), 401: ("Wrong username or password", nil),
                422: ("Invalid field", nil), 429: ("Too many failed attempts", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/logout", "End this session", tag: "accounts", auth: true,
            responses: [204: ("Logged out", nil), 401: ("Not logged in", nil)]),
        RouteDoc(
            "POST", "/api/v1/auth/password-reset", "Mail a password-reset link", tag: "accounts",
            request: "PasswordResetRequest",
            responses: [
                202: ("Accepted, whether or not the account exists", "PasswordResetAccepted"),
                422: ("Invalid field", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/auth/password-reset/confirm", "Set a new password with a reset token", tag: "accounts",
            request: "PasswordResetConfirmRequest",
            responses: [204: ("Password changed", nil), 422: ("Invalid, used or expired token, or weak password", nil)]),
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
            "PUT", "/api/v1/me/password", "Change password; ends the user's other sessions", tag: "accounts",
            auth: true, request: "ChangePasswordRequest",
            responses: [
                204: ("Changed", nil), 401: ("Not logged in", nil),
                422: ("Wrong current password or weak new one", nil),
            ]),
    ]
}

extension SchemaDocs {
    static let accounts: [String: JSONValue] = [
        "Health": S.object(["status": S.enumeration(HealthResponse.Status.self), "database": S.string]),
        "User": S.object([
            "id": S.string, "username": S.string, "email": S.string, "displayName": S.string, "coins": S.int,
        ]),
        "Me": S.object(
            [
                "id": S.string, "username": S.string, "email": S.string, "displayName": S.string, "coins": S.int,
                "ownedCount": S.int, "avatarUrl": S.nullable("string"),
                "landing": S.enumeration(MeResponse.Landing.self),
            ],
            required: ["id", "username", "email", "displayName", "coins", "ownedCount", "landing"]),
        "AuthResponse": S.object(["user": S.ref("User"), "token": S.string]),
        "RegisterRequest": S.object([
            "username": S.string, "email": ["type": "string", "format": "email"], "password": S.string,
        ]),
        "LoginRequest": S.object(
            ["username": S.string, "password": S.string, "remember": S.bool],
            required: ["username", "password"]),
        "PasswordResetRequest": S.object(["email": S.string]),
        "PasswordResetAccepted": S.object(["status": S.string]),
        "PasswordResetConfirmRequest": S.object(["token": S.string, "newPassword": S.string]),
        "ChangeUsernameRequest": S.object(["oldUsername": S.string, "newUsername": S.string]),
        "ChangePasswordRequest": S.object(["currentPassword": S.string, "newPassword": S.string]),
    ]
}
