import SoTubeCore
import Testing

@testable import SoTubeStoreSQL

/// Each engine spells a parsed query its own way: an FTS5 expression, or the prefixes `search_tokens` holds.
@Suite struct SearchMatchExpressionTests {
    @Test func everyWordRequiredAndPrefixesMarkedInEachEnginesSyntax() {
        let query = SearchQuery("  Björk \"gud* OR ")
        // Every word is a prefix, as typed.
        #expect(StoreDialect.sqlite.matchExpression(query) == "\"bjork\"* \"gud\"* \"or\"*")
        #expect(query.terms.map(SearchTokens.token) == ["bjork", "gud", "or"])
        #expect(StoreDialect.sqlite.matchExpression(SearchQuery("bjo")) == "\"bjo\"*")
    }

    /// Both engines cut a long prefix alike and check it whole, so they find the same rows (issue 35).
    @Test func bothEnginesCutPrefixesLongerThanSQLitesPrefixIndexAndCheckThemWhole() {
        let query = SearchQuery("Tonight Зелёная te")
        #expect(StoreDialect.sqlite.matchExpression(query) == "\"tonigh\"* \"зелена\"* \"te\"*")
        #expect(StoreDialect.sqlite.longPrefixTerms(query) == ["tonight", "зеленая"])
        #expect(query.terms.map(SearchTokens.token) == ["tonigh", "зелена", "te"])
        #expect(StoreDialect.postgres.longPrefixTerms(query) == ["tonight", "зеленая"])
    }
}
