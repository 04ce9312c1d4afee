// Route tables added by later features are listed here (catalog, commerce, media, library ...).
extension RouteDocs {
    static var extra: [RouteDoc] { []
        + commerce
    }
}

extension SchemaDocs {
    static var extra: [String: JSONValue] { [:]
        .merging(commerce, uniquingKeysWith: { $1 })
    }
}
