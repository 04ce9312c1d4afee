extension RouteDocs {
    static let twoFactor: [RouteDoc] = [
        RouteDoc(
            "POST", "/api/v1/me/two-factor/enrol",
            "Start two-step sign-in with the account password: a new TOTP secret and its otpauth:// address, "
                + "in force once confirmed",
            tag: "accounts", auth: true, request: "TwoFactorEnrolRequest",
            responses: [
                200: ("The secret and its otpauth:// address", "TwoFactorEnrolment"), 400: ("Malformed JSON", nil),
                401: ("Not logged in", nil), 403: ("Wrong password, or a cookie session without the CSRF header", nil),
                409: ("Two-step sign-in is on already", nil), 422: ("Invalid field", nil),
                429: ("Too many wrong passwords: wait Retry-After seconds", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/me/two-factor/confirm",
            "Turn two-step sign-in on with a current code; answers the recovery codes, shown only now",
            tag: "accounts", auth: true, request: "TwoFactorConfirmRequest",
            responses: [
                200: ("On; the recovery codes", "TwoFactorRecoveryCodes"), 400: ("Malformed JSON", nil),
                401: ("Not logged in", nil), 409: ("No enrolment is waiting", nil),
                422: ("Not the current code", nil),
            ]),
        RouteDoc(
            "POST", "/api/v1/me/two-factor/disable",
            "Turn two-step sign-in off with the password and a current code or a recovery code", tag: "accounts",
            auth: true, request: "TwoFactorDisableRequest",
            responses: [
                204: ("Off", nil), 400: ("Malformed JSON", nil), 401: ("Not logged in", nil),
                409: ("Two-step sign-in is off already", nil), 422: ("Wrong password or code", nil),
                429: ("Too many tries: wait Retry-After seconds", nil),
            ]),
    ]
}

extension SchemaDocs {
    static let twoFactor: [String: JSONValue] = [
        "TwoFactorEnrolment": JSONSchema.object(["secret": JSONSchema.string, "otpauthUri": JSONSchema.string]),
        "TwoFactorEnrolRequest": JSONSchema.object(["password": JSONSchema.string]),
        "TwoFactorConfirmRequest": JSONSchema.object(["code": JSONSchema.string]),
        "TwoFactorRecoveryCodes": JSONSchema.object(["recoveryCodes": JSONSchema.array(JSONSchema.string)]),
        "TwoFactorDisableRequest": JSONSchema.object(["password": JSONSchema.string, "code": JSONSchema.string]),
    ]
}
