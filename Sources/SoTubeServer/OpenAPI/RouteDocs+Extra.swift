// Route tables added by later features are listed here (catalog, commerce, media, library ...).
extension RouteDocs {
    static var extra: [RouteDoc] {
        var all: [RouteDoc] = []
        all += catalog
        return all
    }
}

extension SchemaDocs {
    static var extra: [String: JSONValue] {
        var all: [String: JSONValue] = [:]
        all.merge(catalog, uniquingKeysWith: { $1 })
        return all
    }
}
