import Foundation
import SoTubeMedia
import Testing

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The aiosmtpd server script; override with SMTP_TEST_SERVER_SCRIPT when the tests move.
let smtpServerScript =
    ProcessInfo.processInfo.environment["SMTP_TEST_SERVER_SCRIPT"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/smtp-test-server.py").path

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sotube-smtp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs a program to completion and returns its stdout; throws with stderr on a non-zero exit.
/// `ChildProcess`, not Foundation's `Process`: its pipes are read with EINTR retried (Foundation's
/// `readDataToEndOfFile()` traps on an interrupted read and takes the whole test run with it).
@discardableResult
func run(_ arguments: [String]) throws -> Data {
    let output = try ChildProcess.run("/usr/bin/env", arguments, timeout: 60)
    guard output.status == 0 else {
        throw TestFailure("\(arguments.prefix(2)) failed: \(output.errorText)")
    }
    return output.stdout
}

/// A self-signed certificate for CN localhost, SAN DNS:localhost and IP:127.0.0.1, made once per test run.
struct TestCertificate: Sendable {
    let cert: String
    let key: String
}

let testCertificate: Result<TestCertificate, TestFailure> = {
    do {
        let dir = try makeTemporaryDirectory()
        let cert = dir.appendingPathComponent("cert.pem").path
        let key = dir.appendingPathComponent("key.pem").path
        try run([
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
        ])
        return .success(TestCertificate(cert: cert, key: key))
    } catch {
        return .failure(TestFailure("openssl: \(error)"))
    }
}()

/// A running smtp-test-server.py; `stop()` must be called (``withSMTPServer`` does).
struct RunningSMTPServer {
    let port: Int
    let maildir: URL
    fileprivate let process: ChildProcess

    /// The messages received so far, in order.
    func messages() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: maildir, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "eml" }
            .sorted { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
    }
}

func withSMTPServer(
    mode: String, auth: String? = "mailer:s3cret pass", extra: [String] = [],
    _ body: (RunningSMTPServer) async throws -> Void
) async throws {
    let certificate = try testCertificate.get()
    let maildir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: maildir) }
    var arguments = ["python3", smtpServerScript, "--port", "0", "--mode", mode, "--maildir", maildir.path]
    arguments += ["--cert", certificate.cert, "--key", certificate.key]
    if let auth { arguments += ["--auth", auth] }
    let process = try ChildProcess("/usr/bin/env", arguments + extra, stdout: .capture, stderr: .inherit)
    defer {
        process.terminate()
        process.wait()
    }
    // Blocks until the server prints its port (or exits: then the read is empty).
    var text = ""
    while !text.contains("\n") {
        guard let output = process.output, let data = ChildProcess.readSome(output), !data.isEmpty else {
            throw TestFailure("smtp-test-server.py exited before READY: \(text)")
        }
        text += String(decoding: data, as: UTF8.self)
    }
    let words = text.split(whereSeparator: \.isWhitespace)
    guard words.count >= 2, words[0] == "READY", let port = Int(words[1]) else {
        throw TestFailure("unexpected server output: \(text)")
    }
    try await body(RunningSMTPServer(port: port, maildir: maildir, process: process))
}

/// What Python's email package (policy.default) makes of a message.
struct ParsedMail: Decodable {
    struct Part: Decodable {
        var type: String
        var charset: String?
        var text: String
    }
    var subject: String
    var fromName: String
    var fromAddress: String
    var toName: String
    var toAddress: String
    var contentType: String
    var language: String?
    var messageID: String?
    var date: String?
    var envelopeTo: String?
    var parts: [Part]
    /// The From header decoded by the compat32 RFC 2047 decoder: policy.default keeps the folding space
    /// between adjacent encoded words in a display name (RFC 2047 §6.2 says to drop it).
    var fromRFC2047: String
    var defects: [String]
}

private let parseScript = """
    import email, email.policy, email.header, json, sys
    raw = open(sys.argv[1], 'rb').read()
    m = email.message_from_bytes(raw, policy=email.policy.default)
    old = email.message_from_bytes(raw, policy=email.policy.compat32)
    rfc2047 = lambda v: str(email.header.make_header(email.header.decode_header(v)))
    leaves = [p for p in m.walk() if not p.is_multipart()]
    defects = [str(d) for p in m.walk() for d in p.defects]
    for h in ('from', 'to', 'subject', 'date', 'message-id'):
        defects += [str(d) for d in getattr(m[h], 'defects', ())]
    print(json.dumps({
        'subject': str(m['subject']), 'contentType': m.get_content_type(),
        'fromName': m['from'].addresses[0].display_name, 'fromAddress': m['from'].addresses[0].addr_spec,
        'toName': m['to'].addresses[0].display_name, 'toAddress': m['to'].addresses[0].addr_spec,
        'language': m.get('content-language'), 'messageID': m.get('message-id'),
        'date': m['date'].datetime.isoformat() if m['date'] else None, 'envelopeTo': m.get('x-envelope-to'),
        'parts': [{'type': p.get_content_type(), 'charset': p.get_content_charset(),
                   'text': p.get_content().replace('\\r\\n', '\\n')} for p in leaves],
        'fromRFC2047': rfc2047(old['from']), 'defects': defects}))
    """

func parseWithPython(file: URL) throws -> ParsedMail {
    try JSONDecoder().decode(ParsedMail.self, from: run(["python3", "-c", parseScript, file.path]))
}

func parseWithPython(rendered: String) throws -> ParsedMail {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("m.eml")
    try Data(rendered.utf8).write(to: file)
    return try parseWithPython(file: file)
}
