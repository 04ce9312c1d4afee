extension SchemaDocs {
    static let twoFactor: [String: JSONValue] = [
        "TwoFactorEnrolment": JSONSchema.object(["secret": JSONSchema.string, "otpauthUri": JSONSchema.string]),
        "TwoFactorEnrolRequest": JSONSchema.object(["password": JSONSchema.string]),
        "TwoFactorConfirmRequest": JSONSchema.object(["code": JSONSchema.string]),
        "TwoFactorRecoveryCodes": JSONSchema.object(["recoveryCodes": JSONSchema.array(JSONSchema.string)]),
        "TwoFactorDisableRequest": JSONSchema.object(["password": JSONSchema.string, "code": JSONSchema.string]),
    ]
}
