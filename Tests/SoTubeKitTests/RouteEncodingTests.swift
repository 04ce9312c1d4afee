import Foundation
import SoTubeAPI
import Testing

/// Path segments are percent-encoded as JavaScript's `encodeURIComponent` does, so the web app and
/// Swift clients build the same URLs.
@Suite struct RouteEncodingTests {
    @Test func segmentsKeepWhatEncodeURIComponentKeepsAndEncodeTheRestAsUTF8() {
        #expect(SoTubeRoutes.segment("0195f1c2a7b4") == "0195f1c2a7b4")
        #expect(SoTubeRoutes.segment("a/b c") == "a%2Fb%20c")
        #expect(SoTubeRoutes.segment("Björk €") == "Bj%C3%B6rk%20%E2%82%AC")
        #expect(SoTubeRoutes.segment("-_.!~*'()") == "-_.!~*'()")
        #expect(SoTubeRoutes.segment("?#&=%+") == "%3F%23%26%3D%25%2B")
        #expect(SoTubeRoutes.track("t/1") == "/api/v1/tracks/t%2F1")
    }

    @Test func segmentsMatchFoundationsEncodingOfTheSameCharacters() {
        let kept = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
        let alphabet = Array("aZ09-_.!~*'() /?#&=%+:@ñöЖ€😀\u{0}\n").map(String.init)
        // Every string of one or two of these characters.
        for text in alphabet + alphabet.flatMap({ first in alphabet.map { first + $0 } }) {
            #expect(SoTubeRoutes.segment(text) == text.addingPercentEncoding(withAllowedCharacters: kept), "\(text)")
        }
    }
}
