// Accounts, sessions, two-step sign-in, app passwords and the profile photo (SPEC A1–A7).
extension Route {
    public static let register = Route(
        .post, "/api/v1/auth/register",
        "Create an account and log in. An email address that has an account gets the same answer, but "
            + "nothing is made (the token opens no session) and the address's owner is mailed",
        tag: "accounts",
        request: "RegisterRequest",
        responses: [
            201: ("Created (or, for a known email address, answered alike)", "AuthResponse"),
            400: ("Malformed JSON", nil),
            403: ("Sent by another site's page, or password sign-in is off on this store (SOTUBE_LOCAL_LOGIN)", nil),
            409: ("Username taken", nil),
            413: ("Body too large", nil), 422: ("Invalid field", nil),
            429: ("Too many sign-ups from this address", nil),
        ], web: "register")
    public static let login = Route(
        .post, "/api/v1/auth/login", "Log in; sets the session cookie", tag: "accounts",
        request: "LoginRequest",
        responses: [
            200: ("Logged in", "AuthResponse"),
            401: (
                "Wrong username or password; or, with type urn:sotube:problem:two-factor-required, the password "
                    + "was right but the account needs a current code in totp (missing, wrong or used)", nil
            ),
            403: ("Sent by another site's page, or password sign-in is off on this store (SOTUBE_LOCAL_LOGIN)", nil),
            422: ("Invalid field", nil),
            429: (
                "Too many attempts from this address, or for this account from everywhere but the owner's "
                    + "remembered device (cookie sotube_device) and last sign-in address: wait Retry-After "
                    + "seconds (longer each time)", nil
            ),
        ], web: "login")
    public static let logout = Route(
        .post, "/api/v1/auth/logout", "End this session", tag: "accounts", access: .user,
        responses: [204: ("Logged out", nil), 401: ("Not logged in", nil)], web: "logout")
    public static let passwordReset = Route(
        .post, "/api/v1/auth/password-reset", "Mail a password-reset link", tag: "accounts",
        request: "PasswordResetRequest",
        responses: [
            202: ("Accepted, whether or not the account exists", "PasswordResetAccepted"),
            403: ("Sent by another site's page, or password sign-in is off on this store (SOTUBE_LOCAL_LOGIN)", nil),
            422: ("Invalid field", nil),
            429: ("Too many reset requests from this address or for this account", nil),
        ], web: "passwordReset")
    public static let passwordResetConfirm = Route(
        .post, "/api/v1/auth/password-reset/confirm", "Set a new password with a reset token", tag: "accounts",
        request: "PasswordResetConfirmRequest",
        responses: [
            204: ("Password changed; the user's sessions and app passwords end; two-step sign-in stays on", nil),
            403: ("Password sign-in is off on this store (SOTUBE_LOCAL_LOGIN)", nil),
            422: ("Invalid, used or expired token, or weak password", nil),
        ], web: "passwordResetConfirm")
    public static let me = Route(
        .get, "/api/v1/me", "The logged-in user", tag: "accounts", access: .user,
        responses: [200: ("The user", "Me"), 401: ("Not logged in", nil)], web: "me")
    public static let changeUsername = Route(
        .put, "/api/v1/me/username", "Change username (old and new)", tag: "accounts", access: .user,
        request: "ChangeUsernameRequest",
        responses: [
            200: ("Changed", "User"), 401: ("Not logged in", nil), 409: ("Taken", nil),
            422: ("Invalid field", nil),
        ], web: "username")
    public static let changeDisplayName = Route(
        .put, "/api/v1/me/display-name", "Change the name shown for the user (blank: the username)",
        tag: "accounts", access: .user, request: "ChangeDisplayNameRequest",
        responses: [
            200: ("Changed", "User"), 401: ("Not logged in", nil),
            422: ("Longer than 64 characters or holding control characters", nil),
        ], web: "displayName")
    public static let changePassword = Route(
        .put, "/api/v1/me/password",
        "Change password; ends the user's other sessions and revokes every app password",
        tag: "accounts", access: .user, request: "ChangePasswordRequest",
        responses: [
            204: ("Changed", nil), 401: ("Not logged in", nil),
            422: ("Wrong current password or weak new one", nil),
            429: ("Too many wrong passwords: wait Retry-After seconds", nil),
        ], web: "password")
    public static let twoFactorEnrol = Route(
        .post, "/api/v1/me/two-factor/enrol",
        "Start two-step sign-in with the account password: a new TOTP secret and its otpauth:// address, "
            + "in force once confirmed",
        tag: "accounts", access: .user, request: "TwoFactorEnrolRequest",
        responses: [
            200: ("The secret and its otpauth:// address", "TwoFactorEnrolment"), 400: ("Malformed JSON", nil),
            401: ("Not logged in", nil), 403: ("Wrong password, or a cookie session without the CSRF header", nil),
            409: ("Two-step sign-in is on already", nil), 422: ("Invalid field", nil),
            429: ("Too many wrong passwords: wait Retry-After seconds", nil),
        ], web: "twoFactorEnrol")
    public static let twoFactorConfirm = Route(
        .post, "/api/v1/me/two-factor/confirm",
        "Turn two-step sign-in on with a current code; answers the recovery codes, shown only now",
        tag: "accounts", access: .user, request: "TwoFactorConfirmRequest",
        responses: [
            200: ("On; the recovery codes", "TwoFactorRecoveryCodes"), 400: ("Malformed JSON", nil),
            401: ("Not logged in", nil), 409: ("No enrolment is waiting", nil),
            422: ("Not the current code", nil),
        ], web: "twoFactorConfirm")
    public static let twoFactorDisable = Route(
        .post, "/api/v1/me/two-factor/disable",
        "Turn two-step sign-in off with the password and a current code or a recovery code", tag: "accounts",
        access: .user, request: "TwoFactorDisableRequest",
        responses: [
            204: ("Off", nil), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            409: ("Two-step sign-in is off already", nil), 422: ("Wrong password or code", nil),
            429: ("Too many tries: wait Retry-After seconds", nil),
        ], web: "twoFactorDisable")
    public static let appPasswords = Route(
        .get, "/api/v1/me/app-passwords", "The caller's app passwords for music players (never the secret)",
        tag: "accounts", access: .user,
        responses: [200: ("The app passwords, newest first", "AppPasswordList"), 401: ("Not logged in", nil)],
        web: "appPasswords")
    public static let createAppPassword = Route(
        .post, "/api/v1/me/app-passwords",
        "Make an app password, confirmed with the account password: its secret is shown this once. "
            + "A password change or a completed reset revokes every app password",
        tag: "accounts", access: .user, request: "CreateAppPasswordRequest",
        responses: [
            201: ("Made", "CreatedAppPassword"), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
            403: ("Wrong password, or a cookie session without the CSRF header", nil),
            409: ("Too many app passwords", nil), 422: ("Invalid label", nil),
            429: ("Too many wrong passwords: wait Retry-After seconds", nil),
        ], web: "appPasswords")
    public static let revokeAppPassword = Route(
        .delete, "/api/v1/me/app-passwords/{id}", "Revoke an app password: it stops working at once",
        tag: "accounts", access: .user,
        responses: [
            204: ("Revoked", nil), 401: ("Not logged in", nil), 404: ("No such app password of yours", nil),
        ], web: "appPassword")

    private static let avatarImage: [Int: (String, String?)] = [
        200: ("Square JPEG", nil), 304: ("Not modified", nil), 401: ("Not logged in", nil),
        404: ("No profile photo", nil),
    ]

    public static let avatar = Route(
        .get, "/api/v1/me/avatar", "Your profile photo", tag: "accounts", access: .user,
        responses: avatarImage, query: ["size": "Pixels: 64, 128 (default) or 512; other values round up"],
        responseContentType: "image/jpeg", web: "avatar")
    public static let avatarHead = Route(
        .head, "/api/v1/me/avatar", "Your profile photo's headers", tag: "accounts", access: .user,
        responses: avatarImage, query: ["size": "Pixels: 64, 128 (default) or 512"],
        responseContentType: "image/jpeg", web: "avatar")
    public static let uploadAvatar = Route(
        .put, "/api/v1/me/avatar",
        "Upload a profile photo (the image file as the body: JPEG, PNG or WebP, at most 10 MB); "
            + "it is cropped square and stored in 64, 128 and 512 pixels",
        tag: "accounts", access: .user, requestContentType: "image/*",
        responses: [
            200: ("Stored", "Avatar"), 401: ("Not logged in", nil), 413: ("Larger than 10 MB", nil),
            415: ("Not a JPEG, PNG or WebP file (HEIC is not read)", nil),
            422: ("Damaged, too small, or too many pixels (a decompression bomb)", nil),
        ], web: "avatar")
    public static let removeAvatar = Route(
        .delete, "/api/v1/me/avatar", "Remove your profile photo", tag: "accounts", access: .user,
        responses: [204: ("Removed (or there was none)", nil), 401: ("Not logged in", nil)], web: "avatar")

    /// Every route of this group, in the order the document lists them.
    static let accounts: [Route] = [
        register, login, logout, passwordReset, passwordResetConfirm, me, changeUsername, changeDisplayName,
        changePassword,
        twoFactorEnrol, twoFactorConfirm, twoFactorDisable, appPasswords, createAppPassword, revokeAppPassword, avatar,
        avatarHead, uploadAvatar, removeAvatar,
    ]
}
