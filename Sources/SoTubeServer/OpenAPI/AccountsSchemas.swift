import SoTubeAPI

public enum SchemaDocs {}

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
