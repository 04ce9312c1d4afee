// Route tables added by later features are listed here (catalog, commerce, media, library ...).
extension RouteDocs {
    static var extra: [RouteDoc] {
        var all: [RouteDoc] = []
        all += share
        return all
    }
}

extension SchemaDocs {
    static var extra: [String: JSONValue] { [:] }
}
