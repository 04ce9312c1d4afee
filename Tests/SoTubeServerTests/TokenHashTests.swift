import Testing

@testable import SoTubeServer

/// Sessions, reset links and API keys are stored as the SHA-256 of their token in lowercase hex:
/// a database written by any earlier build must keep matching what this one computes.
@Suite struct TokenHashTests {
    @Test func tokensHashToStandardSHA256Hex() {
        // FIPS 180-2 test vectors, then a token of the shape sessions use (43 URL-safe characters) and a
        // non-ASCII one, as Python's hashlib hashes them.
        #expect(TokenHash.of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenHash.of("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            TokenHash.of("YDDF9h9x51tw8v-h9D5U78u5nzxXc6FyaiMDrO-5C7M")
                == "285956cb71d82694e7b3ea85374abd47d734340bf0cc6bb43968daaa8adcdc11")
        #expect(TokenHash.of("é") == "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c")
    }
}
