import Foundation
import SoTubeAPI
import SoTubeCore
import SoTubeKit
import SoTubeTestFixtures
import Testing

/// Two-step sign-in through the SDK against the accounts suite's real server (real clock): the code
/// is computed here from the secret the enrolment answers, as an authenticator app would.
extension AccountsKitTests {
    func code(_ secret: String, in seconds: TimeInterval = 0) throws -> String {
        TOTP.code(secret: try #require(Base32.decode(secret)), step: TOTP.step(at: Date() + seconds))
    }

    @Test(arguments: TestEngine.enabled) func enrolLogInWithACodeAndTurnOff(engine: TestEngine) async throws {
        let server = try LiveServer.on(engine)
        let (client, name) = try await server.newUser("tfa")
        let enrolment = try await client.enrolTwoFactor(password: "password-\(name)")
        #expect(enrolment.otpauthUri.hasPrefix("otpauth://totp/SoTube:\(name)?secret=\(enrolment.secret)"))
        let recovery = try await client.confirmTwoFactor(code: try code(enrolment.secret))
        #expect(recovery.count == 10)
        #expect(try await client.me().twoFactorEnabled)

        await #expect(throws: SoTubeError.self) {
            try await client.login(username: name, password: "password-\(name)")
        }
        do {
            try await client.login(username: name, password: "password-\(name)")
            Issue.record("a log-in without a code went through")
        } catch SoTubeError.twoFactorRequired(let message) {
            #expect(message.contains("authenticator"))
        }
        // The confirming code is used up: the next step's (within the allowed drift) logs in.
        try await client.login(username: name, password: "password-\(name)", totp: try code(enrolment.secret, in: 30))
        try await client.login(username: name, password: "password-\(name)", totp: recovery[0])
        try await client.disableTwoFactor(password: "password-\(name)", code: recovery[1])
        #expect(try await client.me().twoFactorEnabled == false)
        try await client.login(username: name, password: "password-\(name)")
    }
}
