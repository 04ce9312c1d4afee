import Foundation
import SoTubeAPI
import SoTubeCore
import SoTubeTestFixtures
import Testing

@testable import SoTubeKit

/// A native app's provider sign-in through the SDK: its PKCE challenge is the one the server checks,
/// and the start URL carries it (the whole flow against a real provider is e2e/signin).
@Suite struct ProviderSignInKitTests {
    @Test func sha256MatchesTheStandardsVectors() {
        func hex(_ text: String) -> String {
            SHA256Digest.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1000)).count == 64)
    }

    @Test func theStartURLCarriesTheChallengeTheServerChecks() throws {
        let client = SoTubeClient(baseURL: try #require(URL(string: "https://music.example/")))
        let signIn = client.beginProviderSignIn()
        #expect(signIn.callbackScheme == "sotube")
        let items = try #require(URLComponents(url: signIn.startURL, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(signIn.startURL.path == "/api/v1/auth/oidc/start")
        #expect(items.first { $0.name == "redirect" }?.value == "sotube://auth")
        #expect(items.first { $0.name == "appChallenge" }?.value == OIDCRules.pkceChallenge(signIn.verifier))
        #expect(client.beginProviderSignIn().verifier != signIn.verifier)
    }
}
