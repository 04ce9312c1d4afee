// Route tables added by each feature area, listed once here.
extension RouteDocs {
    static var extra: [RouteDoc] { commerce + catalog + media + share }
}

extension SchemaDocs {
    static var extra: [String: JSONValue] {
        commerce.merging(catalog, uniquingKeysWith: { $1 })
    }
}
