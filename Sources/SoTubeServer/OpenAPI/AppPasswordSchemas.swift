import SoTubeAPI

extension SchemaDocs {
    static let appPasswords: [String: JSONValue] = [
        "AppPassword": JSONSchema.object(
            [
                "id": JSONSchema.string, "label": JSONSchema.string,
                "createdAt": ["type": "string", "format": "date-time"],
                "lastUsedAt": ["type": ["string", "null"], "format": "date-time"],
            ], required: ["id", "label", "createdAt"]),
        "AppPasswordList": JSONSchema.array(JSONSchema.ref("AppPassword")),
        "CreateAppPasswordRequest": JSONSchema.object(["label": JSONSchema.string, "password": JSONSchema.string]),
        "CreatedAppPassword": JSONSchema.object([
            "id": JSONSchema.string, "label": JSONSchema.string, "secret": JSONSchema.string,
            "createdAt": ["type": "string", "format": "date-time"], "username": JSONSchema.string,
            "serverUrl": JSONSchema.string,
        ]),
    ]
}
