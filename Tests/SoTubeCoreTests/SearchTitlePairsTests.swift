import SoTubeCore
import Testing

/// Word pairs of song titles (`SearchTitlePairs`): what a title holds, what a query looks up, and that
/// a title holding every word of a query always holds a token each of the query's tokens starts.
@Suite struct SearchTitlePairsTests {
    @Test func aTitleHoldsEachOrderedPairOfItsLongerWords() {
        let tokens = SearchTitlePairs.tokens(ofNormalized: "heaven in velvet tango").split(separator: " ")
        #expect(
            Set(tokens)
                == ["hea_velvet", "hea_tango", "vel_heaven", "vel_tango", "tan_heaven", "tan_velvet"])
        #expect(tokens.count == 6, "each once")
        // Second words cut to six letters, a word said twice paired once.
        #expect(
            SearchTitlePairs.tokens(ofNormalized: "midnight midnight sun")
                == "mid_sun sun_midnig")
        // Fewer than two different words of three letters: nothing.
        #expect(SearchTitlePairs.tokens(ofNormalized: "oh my love").isEmpty)
        #expect(SearchTitlePairs.tokens(ofNormalized: "love love").isEmpty)
        #expect(SearchTitlePairs.tokens(ofNormalized: "").isEmpty)
        // Letters beyond ASCII count as one each, whatever their bytes.
        #expect(SearchTitlePairs.tokens(ofNormalized: "звезда ночь") == "зве_ночь ноч_звезда")
        #expect(SearchTitlePairs.tokens(ofNormalized: "𝄞𝄞𝄞𝄞𝄞𝄞𝄞 abc") == "𝄞𝄞𝄞_abc abc_𝄞𝄞𝄞𝄞𝄞𝄞")
        // Up to `maxWords` different words are paired; a title with more holds `manyWords` alone.
        let words = (0..<SearchTitlePairs.maxWords).map { "w\($0)x" }
        #expect(
            SearchTitlePairs.tokens(ofNormalized: words.joined(separator: " ")).split(separator: " ").count
                == words.count * (words.count - 1))
        #expect(
            SearchTitlePairs.tokens(ofNormalized: (words + ["more"] + words).joined(separator: " "))
                == SearchTitlePairs.manyWords)
    }

    @Test func aQueryLooksUpItsLongerWordsThatStartNoOther() {
        #expect(SearchTitlePairs.pairedWords(["heaven", "velvet", "tan"]) == ["heaven", "velvet", "tan"])
        // `s` is too short, `heav` starts `heaven`, a word said twice counts once.
        #expect(SearchTitlePairs.pairedWords(["heav", "s", "heaven", "sky", "sky"]) == ["heaven", "sky"])
        #expect(SearchTitlePairs.pairedWords(["heaven", "he"]) == nil)
        #expect(SearchTitlePairs.pairedWords(["heaven", "heav"]) == nil)
        // Each order of a pair, but a word of three letters after a longer one.
        #expect(
            SearchTitlePairs.queryTokens(["heaven", "velvet", "tan"])
                == ["hea_velvet", "vel_heaven", "tan_heaven", "tan_velvet"])
        #expect(SearchTitlePairs.queryTokens(["tanlo", "gold"]) == ["tan_gold", "gol_tanlo"])
        #expect(SearchTitlePairs.queryTokens(["sky", "sun"]) == ["sky_sun", "sun_sky"])
    }

    /// Titles and queries drawn from a small vocabulary (words sharing starts, words of two letters),
    /// a fixed seed: whenever a query's words each start a word of a title (`SearchQuery.matches`, the
    /// index's rule), each of its pair tokens starts a token of the title.
    @Test func aTitleHoldingEveryWordHoldsEveryPairAQueryLooksUp() {
        let vocabulary = [
            "heaven", "heavenly", "heavy", "hea", "velvet", "vel", "tango", "tan", "tangerine", "sky", "skyline",
            "my", "oh", "love", "lovely", "midnight", "midnights", "звезда", "звёзды", "ночь",
        ]
        var random = SplitMix64(seed: 33)
        var checked = 0
        for _ in 0..<4_000 {
            let title = (0..<(1 + Int(random.next() % 5))).map { _ in
                vocabulary[Int(random.next() % UInt64(vocabulary.count))]
            }.joined(separator: " ")
            let normalized = SearchText.normalize(title)
            let titleWords = normalized.split(separator: " ").map(String.init)
            guard let any = titleWords.first else { continue }
            let queryWords = (0..<(2 + Int(random.next() % 2))).map { _ -> String in
                let word = Int(random.next() % 4) == 0 ? any : titleWords[Int(random.next() % UInt64(titleWords.count))]
                return String(word.prefix(1 + Int(random.next() % UInt64(word.count))))
            }
            let query = SearchQuery(queryWords.joined(separator: " "))
            guard query.matches(normalized: normalized), let words = SearchTitlePairs.pairedWords(query.terms)
            else { continue }
            let held = SearchTitlePairs.tokens(ofNormalized: normalized).split(separator: " ")
            for token in SearchTitlePairs.queryTokens(words) {
                #expect(held.contains { $0.hasPrefix(token) }, "\(query.terms) in \(normalized): \(token)")
            }
            checked += 1
        }
        #expect(checked > 300, "\(checked) queries with pairs matched their title")
    }
}
