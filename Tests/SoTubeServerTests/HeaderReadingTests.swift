import Hummingbird
import Testing

@testable import SoTubeServer

/// Headers read by hand (issue 35: Foundation's trimming showed in every request's profile) still
/// read as HTTP means them.
@Suite struct HeaderReadingTests {
    @Test func forwardedHopsAreTrimmedOfSpacesAndTabs() {
        let trusted: Set = ["10.0.0.1"]
        func client(_ header: String) -> String? {
            ForwardedHeaders.client(forwardedFor: header, trusted: trusted)
        }
        #expect(client(" 203.0.113.7 ,\t10.0.0.1 ") == "203.0.113.7")
        #expect(client("198.51.100.2, 203.0.113.7,10.0.0.1") == "203.0.113.7")
        #expect(client(" , 10.0.0.1") == "10.0.0.1")
        #expect(client(" ,\t, ") == nil)
    }

    @Test func jsonBodiesAreKnownInAnyCaseAndSpacing() {
        for type in [
            "application/json", "application/json; charset=utf-8", "Application/JSON",
            " application/json ;charset=UTF-8",
            "application/problem+json", "application/vnd.api+json; x=y",
        ] {
            #expect(Request.isJSON(type), "\(type)")
        }
        for type in ["text/json", "application/jsonx", "application/json5", "text/plain; application/json", "json"] {
            #expect(!Request.isJSON(type), "\(type)")
        }
        #expect(!Request.isJSON(nil))
    }

    @Test func headerTokensAreTrimmedAndLowercased() {
        #expect(HeaderText.token(" \tGZip\t ") == "gzip")
        #expect(HeaderText.token(" \t ") == "")
        #expect(HeaderText.trimmed("\ta b ") == "a b")
        #expect(HeaderText.token("HTTPS ") == "https")
    }
}
