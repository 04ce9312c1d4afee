import Testing

@testable import SoTubeServer

@Suite struct SMTPSettingsTests {
    func rejects(_ url: String, mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let settings = try SMTPSettings(url: url)
            Issue.record("accepted \(url) as \(settings)", sourceLocation: sourceLocation)
        } catch let error as SMTPError {
            guard case .invalidURL(let reason) = error else {
                Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(error.description.contains("SOTUBE_SMTP_URL"), sourceLocation: sourceLocation)
            #expect(reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
            #expect(!reason.contains("s3cret"), "password leaked: \(reason)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("wrong error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func startTLSWithCredentials() throws {
        let s = try SMTPSettings(url: "smtp://mailer%40sotube.example:p%40ss%3Aw%2Fd@smtp.example.com:587")
        #expect(s.host == "smtp.example.com")
        #expect(s.port == 587)
        #expect(s.security == .startTLS)
        #expect(s.username == "mailer@sotube.example")
        #expect(s.password == "p@ss:w/d")
        #expect(s.heloName == "localhost")
        #expect(s.trustRootsPEMPath == nil)
        #expect(s.connectTimeout == .seconds(10) && s.replyTimeout == .seconds(30))
        #expect(!s.description.contains("p@ss"))
    }

    @Test func credentialsOnLoopbackStillUseSTARTTLS() throws {
        #expect(try SMTPSettings(url: "smtp://u:p@127.0.0.1:2525").security == .startTLS)
        #expect(try SMTPSettings(url: "smtp://u:p@smtp.example.com").port == 587)
    }

    @Test func implicitTLS() throws {
        let s = try SMTPSettings(url: "SMTPS://u:p@smtp.example.com")
        #expect(s.security == .implicitTLS && s.port == 465)
        let anonymous = try SMTPSettings(url: "smtps://relay.example.com:1465")
        #expect(anonymous.security == .implicitTLS && anonymous.username == nil && anonymous.port == 1465)
    }

    @Test(arguments: ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "LOCALHOST"])
    func plainOnLoopback(host: String) throws {
        let s = try SMTPSettings(url: "smtp://\(host):25")
        #expect(s.security == .plain && s.username == nil)
        #expect(try SMTPSettings(url: "smtp://\(host)?tls=plain").port == 25)
    }

    @Test(arguments: [
        "smtp.example.com", "10.0.0.1", "128.0.0.1", "[::2]", "localhost.evil.example", "127.0.0.1.nip.io",
    ])
    func plainRefusedElsewhere(host: String) {
        rejects("smtp://\(host):25", mentioning: "loopback")
        rejects("smtp://\(host):25?tls=plain", mentioning: "loopback")
    }

    @Test func explicitSTARTTLSWithoutCredentials() throws {
        let s = try SMTPSettings(url: "smtp://relay.internal.example?tls=starttls")
        #expect(s.security == .startTLS && s.port == 25 && s.username == nil)
    }

    @Test func invalidURLs() {
        rejects("http://u:s3cret@example.com", mentioning: "scheme")
        rejects("smtp://", mentioning: "host")
        rejects("not a url at all", mentioning: "scheme")
        rejects("smtp://u@example.com", mentioning: "both")
        rejects("smtp://:s3cret@example.com", mentioning: "both")
        rejects("smtp://u:s3cret@localhost?tls=plain", mentioning: "without TLS")
        rejects("smtps://u:s3cret@localhost?tls=plain", mentioning: "smtps")
        rejects("smtp://u:s3cret@example.com?tls=none", mentioning: "plain or starttls")
        rejects("smtp://u:s3cret@example.com?foo=bar", mentioning: "unsupported")
        rejects("smtp://u:s3cret@example.com/path", mentioning: "path")
        rejects("smtp://u:s3cret@example.com:0", mentioning: "port")
    }

    @Test func environment() throws {
        #expect(try SMTPSettings.fromEnvironment([:]) == nil)
        let s = try SMTPSettings.fromEnvironment([
            "SOTUBE_SMTP_URL": "smtps://u:p@mail.example.com", "SOTUBE_SMTP_CA_FILE": "/etc/ca.pem",
        ])
        #expect(s?.trustRootsPEMPath == "/etc/ca.pem")
        #expect(throws: SMTPError.self) { try SMTPSettings.fromEnvironment(["SOTUBE_SMTP_URL": "ftp://x"]) }
    }

    @Test func loopbackDetection() {
        #expect(SMTPSettings.isLoopback("0:0:0:0:0:0:0:1"))
        #expect(SMTPSettings.isLoopback("::ffff:127.0.0.1"))
        #expect(!SMTPSettings.isLoopback("::"))
        #expect(!SMTPSettings.isLoopback("1.127.0.0"))
        #expect(SMTPSettings.isIPAddress("127.0.0.1") && SMTPSettings.isIPAddress("::1"))
        #expect(!SMTPSettings.isIPAddress("localhost"))
    }
}
