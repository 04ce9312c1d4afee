import Foundation
import Hummingbird
import HummingbirdTesting
import SoTubeAPI
import SoTubeTestFixtures
import Testing

extension TestApp {
    /// A test app holding `CatalogFixture`'s catalog and its search index.
    static func withCatalog() async throws -> TestApp {
        let app = try await TestApp.make()
        try await CatalogFixture.install(on: app.services.database.backend)
        return app
    }

    /// Makes `username`'s account own `trackIDs` by writing `owned_tracks` rows directly (the
    /// stand-in for a purchase; buying is the commerce code's).
    func own(_ trackIDs: [String], username: String) async throws {
        let user = try #require(try await services.database.accounts.credentials(username: username)).user
        try await CatalogFixture.own(trackIDs, userID: user.id, on: services.database.backend)
    }
}

/// Percent-encodes a query value.
func q(_ text: String) -> String {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+?/")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}

extension TestResponse {
    /// Asserts a problem+json answer with `status` (and `field` when given).
    func expectProblem(
        _ status: HTTPResponse.Status, field: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, sourceLocation: sourceLocation)
        #expect(headers[.contentType] == "application/problem+json", sourceLocation: sourceLocation)
        #expect(problem?.status == Int(status.code), sourceLocation: sourceLocation)
        if let field { #expect(problem?.field == field, sourceLocation: sourceLocation) }
    }
}
