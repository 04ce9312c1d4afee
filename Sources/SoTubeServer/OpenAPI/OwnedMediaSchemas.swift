extension SchemaDocs {
    static let ownedMedia: [String: JSONValue] = [
        "Avatar": JSONSchema.object(["avatarUrl": JSONSchema.nullable("string")]),
        "OEmbed": JSONSchema.object(
            [
                "version": JSONSchema.string, "type": JSONSchema.string, "provider_name": JSONSchema.string,
                "provider_url": JSONSchema.string, "title": JSONSchema.string, "author_name": JSONSchema.string,
                "html": JSONSchema.string, "width": JSONSchema.int, "height": JSONSchema.int,
                "thumbnail_url": JSONSchema.string, "thumbnail_width": JSONSchema.int,
                "thumbnail_height": JSONSchema.int,
            ],
            required: ["version", "type", "html", "width", "height"]),
    ]
}
