import Foundation
import SoTubeCore
import Testing

/// The ID token checks a sign-in makes once the signature is good, and the accounts it makes.
@Suite struct OIDCRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let expected = OIDCRules.Expectation(issuer: "https://id.example.com/realms/home", clientID: "sotube", nonce: "n-1")

    func claims(_ changes: [String: ClaimValue?] = [:]) -> ClaimSet {
        var values: [String: ClaimValue] = [
            "iss": .string("https://id.example.com/realms/home"), "sub": .string("248289761001"),
            "aud": .string("sotube"), "exp": .number(1_800_000_300), "iat": .number(1_799_999_990),
            "nonce": .string("n-1"),
        ]
        for (name, value) in changes { values[name] = value }
        return ClaimSet(values)
    }

    func refusal(_ claims: ClaimSet) -> String? {
        do {
            try OIDCRules.validate(claims, expected: expected, now: now)
            return nil
        } catch DomainError.unauthorized(let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test func aTokenForThisSignInPasses() {
        #expect(refusal(claims()) == nil)
        #expect(refusal(claims(["iss": .string("https://id.example.com/realms/home/")])) == nil)
        #expect(refusal(claims(["aud": .strings(["sotube", "other"]), "azp": .string("sotube")])) == nil)
        // Clocks a minute apart are not a refusal.
        #expect(refusal(claims(["exp": .number(1_799_999_950), "iat": .number(1_800_000_060)])) == nil)
    }

    @Test func eachWrongClaimIsRefusedByName() {
        #expect(refusal(claims(["iss": .string("https://evil.example.com")]))?.contains("another provider") == true)
        #expect(refusal(claims(["iss": nil]))?.contains("another provider") == true)
        #expect(refusal(claims(["aud": .string("someone-else")]))?.contains("another application") == true)
        #expect(refusal(claims(["aud": .strings(["sotube", "other"])]))?.contains("several applications") == true)
        #expect(refusal(claims(["exp": .number(1_799_999_000)]))?.contains("expired") == true)
        #expect(refusal(claims(["exp": nil]))?.contains("expired") == true)
        #expect(refusal(claims(["iat": .number(1_800_003_600)]))?.contains("not issued just now") == true)
        #expect(refusal(claims(["iat": .number(1_799_990_000)]))?.contains("not issued just now") == true)
        #expect(refusal(claims(["nonce": .string("n-2")]))?.contains("nonce") == true)
        #expect(refusal(claims(["nonce": nil]))?.contains("nonce") == true)
        #expect(refusal(claims(["sub": .string("")]))?.contains("subject") == true)
        #expect(refusal(claims(["exp": .string("tomorrow")]))?.contains("expired") == true)
    }

    @Test func claimsDecodeFromJSONWhateverTheirShape() throws {
        let json = """
            {"sub":"u1","email":"Ann@Example.com","email_verified":"true","groups":"admins","aud":["a","b"],
             "exp":1.8e9,"address":{"country":"NO"},"preferred_username":"ann"}
            """
        let set = try JSONDecoder().decode(ClaimSet.self, from: Data(json.utf8))
        #expect(set["aud"]?.strings == ["a", "b"])
        #expect(set["address"] == .other)
        let profile = OIDCRules.profile(set, groupsClaim: "groups")
        #expect(profile.emailVerified && profile.groups == ["admins"] && profile.email == "Ann@Example.com")
        #expect(OIDCRules.profile(ClaimSet(["email": .string("not an address")]), groupsClaim: "g").email == nil)
    }

    @Test func usernamesAreMadeValidAndUnique() {
        func profile(_ preferred: String?, email: String? = nil) -> OIDCProfile {
            OIDCProfile(
                subject: "s", email: email, emailVerified: true, preferredUsername: preferred, name: nil, groups: [])
        }
        #expect(OIDCRules.usernameCandidates(profile("ann"), count: 3) == ["ann", "ann2", "ann3"])
        #expect(OIDCRules.usernameCandidates(profile("Ann Lee"), count: 1) == ["Ann_Lee"])
        #expect(OIDCRules.usernameCandidates(profile("al", email: "alice@example.com"), count: 1) == ["alice"])
        #expect(OIDCRules.usernameCandidates(profile(nil), count: 2) == ["user", "user2"])
        let long = OIDCRules.usernameCandidates(profile(String(repeating: "x", count: 40)), count: 12)
        #expect(long.allSatisfy { (try? AccountRules.validateUsername($0)) != nil })
        #expect(Set(long).count == 12 && long[11].hasSuffix("12") && long[11].count == 32)
    }

    @Test func theProviderDecidesWhoOperatesWhenAGroupIsSet() {
        #expect(OIDCRules.role(after: .buyer, groups: ["store-admins"], operatorGroup: "store-admins") == .operator)
        #expect(OIDCRules.role(after: .operator, groups: [], operatorGroup: "store-admins") == .buyer)
        #expect(OIDCRules.role(after: .operator, groups: ["store-admins"], operatorGroup: "store-admins") == nil)
        #expect(OIDCRules.role(after: .artist, groups: ["store-admins"], operatorGroup: "store-admins") == nil)
        #expect(OIDCRules.role(after: .operator, groups: [], operatorGroup: nil) == nil)
    }

    @Test func returnAddressesStayOnThisSite() {
        #expect(OIDCRules.safeReturnTo("/#/album/42") == "/#/album/42")
        for hostile in ["//evil.example.com", "https://evil.example.com", "/\\evil", "/a b", nil, ""] {
            #expect(OIDCRules.safeReturnTo(hostile) == "/#/store")
        }
    }

    @Test func pkceChallengeIsSHA256InBase64URL() {
        // Python: base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=")
        #expect(
            OIDCRules.pkceChallenge("dBjftJeZ4CVP-mJ92qRa1CDbYnYxJGyLrSfu8-ZB9Zz")
                == "LM2p8D4fB5XRAP_daQEIcYhmhZAOV8wI5WPW2KNZodY")
    }

    @Test func accountsWithoutAnAddressGetAPrivatePlaceholder() throws {
        let email = OIDCRules.placeholderEmail(issuer: "https://id.example.com", subject: "s1")
        try AccountRules.validateEmail(email)
        #expect(email.hasSuffix("@id.example.com.invalid"))
        #expect(email != OIDCRules.placeholderEmail(issuer: "https://id.example.com", subject: "s2"))
    }
}
