import SoTubeCore
import Testing

@testable import SoTubeStoreSQL

/// Each engine spells a parsed query as its own full-text expression.
@Suite struct SearchMatchExpressionTests {
    @Test func everyWordRequiredAndPrefixesMarkedInEachEnginesSyntax() {
        let query = SearchQuery("  Björk \"gud* OR ")
        // Every word is a prefix, as typed.
        #expect(StoreDialect.sqlite.matchExpression(query) == "\"bjork\"* \"gud\"* \"or\"*")
        #expect(StoreDialect.postgres.matchExpression(query) == "'bjork':* & 'gud':* & 'or':*")
        #expect(StoreDialect.sqlite.matchExpression(SearchQuery("bjo")) == "\"bjo\"*")
        #expect(StoreDialect.postgres.matchExpression(SearchQuery("bjo")) == "'bjo':*")
    }

    @Test func sqliteCutsPrefixesLongerThanItsPrefixIndexAndChecksThemWhole() {
        let query = SearchQuery("Tonight Зелёная te")
        #expect(StoreDialect.sqlite.matchExpression(query) == "\"tonigh\"* \"зелена\"* \"te\"*")
        #expect(StoreDialect.sqlite.longPrefixTerms(query) == ["tonight", "зеленая"])
        #expect(StoreDialect.postgres.matchExpression(query) == "'tonight':* & 'зеленая':* & 'te':*")
        #expect(StoreDialect.postgres.longPrefixTerms(query).isEmpty)
    }
}
