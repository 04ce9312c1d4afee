import SoTubeCore
import Testing

/// Mistyped words (issue 32 #19): which catalog word a typed word stands for.
@Suite struct SpellingTests {
    let vocabulary = [
        Spelling.Word("glacier", documents: 7), Spelling.Word("glance", documents: 2),
        Spelling.Word("hymns", documents: 5), Spelling.Word("gladiator", documents: 1),
        Spelling.Word("glaciers", documents: 1),
    ]

    @Test func editsAreCountedWithSwapsOfNeighboursAsOne() {
        #expect(Spelling.distance(Array("glaicer"), Array("glacier"), limit: 2) == 1)
        #expect(Spelling.distance(Array("glacer"), Array("glacier"), limit: 2) == 1)
        #expect(Spelling.distance(Array("glazier"), Array("glacier"), limit: 2) == 1)
        #expect(Spelling.distance(Array("glasiar"), Array("glacier"), limit: 2) == 2)
        #expect(Spelling.distance(Array("glasiar"), Array("glacier"), limit: 1) == nil)
        #expect(Spelling.distance(Array("kitten"), Array("sitting"), limit: 2) == nil, "three edits")
        #expect(Spelling.distance(Array(""), Array("ab"), limit: 2) == 2)
        #expect(Spelling.distance(Array("ёлка"), Array("елка"), limit: 1) == 1)
    }

    @Test func theClosestThenMostUsedWordIsChosen() {
        #expect(Spelling.best(for: "glaicer", among: vocabulary) == "glacier")
        // A word typed partly, with a slip: the start of a longer word.
        #expect(Spelling.best(for: "glaic", among: vocabulary) == "glacier")
        #expect(Spelling.best(for: "hymsn", among: vocabulary) == "hymns")
        // Equally close: the word in more documents.
        #expect(Spelling.best(for: "glaciar", among: vocabulary) == "glacier")
        #expect(Spelling.best(for: "zzzzzz", among: vocabulary) == nil)
        // Too short to guess at, or already a word.
        #expect(Spelling.best(for: "gla", among: vocabulary) == nil)
        #expect(Spelling.best(for: "glacier", among: [Spelling.Word("glacier", documents: 1)]) == nil)
        #expect(Spelling.allowedEdits(length: 3) == 0 && Spelling.allowedEdits(length: 6) == 1)
        #expect(Spelling.allowedEdits(length: 7) == 2)
    }

    @Test func onlyWordsThatStartNothingAreCorrected() async throws {
        let known: Set<String> = ["hymns", "gla"]
        let corrected = try await Spelling.correct(
            SearchQuery("Glaicer hymns"), isKnown: { known.contains($0) }, candidates: { _ in vocabulary })
        #expect(corrected?.text == "glacier hymns")
        let nothing = try await Spelling.correct(
            SearchQuery("hymns qqqqqq"), isKnown: { known.contains($0) }, candidates: { _ in vocabulary })
        #expect(nothing == nil)
    }
}
