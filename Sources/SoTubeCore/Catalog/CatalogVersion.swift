/// A number that changes whenever the catalog does (any process, any writer): what lets a server
/// keep catalog answers in memory and still see another process's import.
public protocol CatalogVersionSource: Sendable {
    func catalogVersion() async throws -> Int64
}
