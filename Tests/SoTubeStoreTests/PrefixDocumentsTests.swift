import Foundation
import SQLKit
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeStoreSQL

/// The short prefixes' counts a search asks (`PrefixDocuments`): read all at once, each the sum the
/// vocabulary gives for that prefix alone, and read again only when due, one reading at a time.
@Suite struct PrefixDocumentsTests {
    @Test func aReadingCountsEachPrefixAndTheShorterOnesInIt() {
        let counts = PrefixDocuments()
        counts.finishReading([("ab", 3), ("ac", 2), ("a", 1), ("b", 5), ("жи", 4), ("é", 7)])
        #expect(counts.use("a").documents == 6)
        #expect(counts.use("ab").documents == 3)
        #expect(counts.use("b").documents == 5)
        #expect(counts.use("ж").documents == 4)
        #expect(counts.use("жи").documents == 4)
        #expect(counts.use("é").documents == 7)
        // No word starts with it: none.
        #expect(counts.use("x").documents == 0)
        #expect(counts.use("bz").documents == 0)
        // Longer than the prefixes read: not known.
        #expect(counts.use("abc").documents == nil)
    }

    @Test func aReadingIsDueFirstThenAfterItsUsesAndOneAtATime() {
        let counts = PrefixDocuments()
        let first = counts.use("a")
        #expect(first.documents == nil && first.read)
        // Under way: not asked again, and still unknown.
        let meanwhile = counts.use("a")
        #expect(meanwhile.documents == nil && !meanwhile.read)
        #expect(!counts.startReading())
        counts.finishReading([("a", 2)])
        var due = 0
        for _ in 0..<(PrefixDocuments.usesPerReading + 10) where counts.use("a").read { due += 1 }
        #expect(due == 1)
        #expect(counts.use("a").documents == 2)
        // A reading that failed is asked again at the next use.
        counts.failReading()
        #expect(counts.use("a").read)
    }

    /// On a catalog of songs, artists and albums in several scripts, the one statement's counts are, for
    /// every short prefix its words start with and for some none does, what each prefix's own sum gives.
    @Test func theReadingMatchesEachPrefixsOwnSum() async throws {
        try await TestEngine.sqlite.freshDatabase().use { db in
            try await SearchWordStartTests.writeCatalog(db)
            let search = SQLSearchStore(backend: db.backend)
            let counts = PrefixDocuments()
            counts.finishReading(try await search.shortPrefixDocuments())
            let words = try await db.backend.read {
                try await $0.raw("SELECT word FROM search_words").all().map {
                    try $0.decode(column: "word", as: String.self)
                }
            }
            var prefixes: Set<String> = ["q", "zz", "ъ"]
            for word in words {
                let scalars = Array(word.unicodeScalars)
                for length in 1...min(2, scalars.count) {
                    var prefix = String.UnicodeScalarView()
                    prefix.append(contentsOf: scalars.prefix(length))
                    prefixes.insert(String(prefix))
                }
            }
            #expect(prefixes.count > 100)
            #expect(prefixes.contains { $0.unicodeScalars.contains { $0.value > 0x7F } })
            for prefix in prefixes.sorted() {
                let sql = StoreDialect.sqlite.prefixDocuments(prefix)
                let alone = try await db.backend.read {
                    try await $0.raw(sql).first()?.decode(column: "documents", as: Int.self)
                }
                #expect(counts.use(prefix).documents == alone, "\(prefix)")
            }
        }
    }
}
