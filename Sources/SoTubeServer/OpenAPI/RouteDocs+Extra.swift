// Route tables added by later features are listed here (catalog, commerce, media, library ...).
extension RouteDocs {
    static var extra: [RouteDoc] { []
        + RouteDocs.share
    }
}

extension SchemaDocs {
    static var extra: [String: JSONValue] { [:] }
}
