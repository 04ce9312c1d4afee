import Foundation
import NIOCore
import Testing

@testable import SoTubeServer

@Suite struct MIMEEncodingTests {
    /// A reference QP decoder (RFC 2045), strict about line length.
    func decodeQP(_ encoded: String) throws -> String {
        var bytes: [UInt8] = []
        let lines = encoded.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            #expect(line.utf8.count <= 76, "line too long: \(line)")
            #expect(!line.contains("\n") && !line.contains("\r"))
            #expect(line.last != " " && line.last != "\t", "trailing whitespace: \(line)")
            var soft = false
            var utf8 = Array(line.utf8)[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "=") {
                    if utf8.isEmpty {
                        soft = true
                        break
                    }
                    let hex = String(decoding: utf8.prefix(2), as: UTF8.self)
                    let value = try #require(UInt8(hex, radix: 16), "bad escape =\(hex)")
                    #expect(hex == hex.uppercased())
                    bytes.append(value)
                    utf8 = utf8.dropFirst(2)
                } else {
                    #expect((32...126).contains(byte) || byte == 9)
                    bytes.append(byte)
                }
            }
            if !soft && index < lines.count - 1 { bytes += [13, 10] }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        "", "plain", "a=b", "trailing space \ntrailing tab\t", String(repeating: "x", count: 76),
        String(repeating: "x", count: 75) + "=", String(repeating: "я", count: 100), ".leading dot\nFrom here",
        "Ваш чек: 100 монет\r\nспасибо!\n", String(repeating: "ab ", count: 60), "emoji 👨‍👩‍👧 \u{0}",
    ])
    func quotedPrintableRoundTrips(text: String) throws {
        let encoded = MIMEEncoding.quotedPrintable(text)
        let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try decodeQP(encoded) == expected)
        #expect(!encoded.contains("=_"))
    }

    @Test func quotedPrintableDetails() {
        #expect(MIMEEncoding.quotedPrintable("a = b ") == "a =3D b=20")
        #expect(MIMEEncoding.quotedPrintable(".x\nFrom y") == "=2Ex\r\n=46rom y")
        #expect(MIMEEncoding.quotedPrintable("é") == "=C3=A9")
        let long = MIMEEncoding.quotedPrintable(String(repeating: "é", count: 30))
        #expect(long.components(separatedBy: "\r\n").allSatisfy { $0.count <= 76 })
        #expect(long.components(separatedBy: "\r\n").dropLast().allSatisfy { $0.hasSuffix("=") && !$0.hasSuffix("==") })
    }

    @Test func base64Lines() {
        let text = MIMEEncoding.base64Lines(Data(repeating: 0xAB, count: 200))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.dropLast().allSatisfy { $0.count == 76 })
        #expect(Data(base64Encoded: lines.joined()) == Data(repeating: 0xAB, count: 200))
    }

    @Test(arguments: [
        "Ваш чек: 100 монет", String(repeating: "Ж", count: 80), "a👨‍👩‍👧‍👦b" + String(repeating: "🇷🇺", count: 20), "é",
    ])
    func encodedWords(text: String) throws {
        let words = MIMEEncoding.encodedWords(text, firstLineUsed: "Subject:".count + 1)
        var decoded: [UInt8] = []
        for (index, word) in words.enumerated() {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            if index == 0 { #expect("Subject: ".count + word.count <= 76) }
            let payload = String(word.dropFirst(10).dropLast(2))
            let data = try #require(Data(base64Encoded: payload))
            #expect(String(data: data, encoding: .utf8) != nil, "word \(index) splits a UTF-8 character")
            decoded += data
        }
        #expect(String(decoding: decoded, as: UTF8.self) == text)
    }

    @Test func headerInjectionIsImpossible() {
        let message = MIMEMessage(
            fromName: "Evil\r\nBcc: victim@example.com", fromAddress: "a@b.example\r\nX-A: 1",
            toName: "T\nX-B: 2", toAddress: "c@d.example", subject: "Hi\r\nX-C: 3\r\n\r\nbody",
            textBody: "x\n", date: Date(timeIntervalSince1970: 0), messageID: "id@x\r\nX-D: 4", language: "ru\r\nX-E: 5"
        )
        let head = message.render().components(separatedBy: "\r\n\r\n")[0]
        for name in ["Bcc:", "X-A:", "X-B:", "X-C:", "X-D:", "X-E:"] {
            #expect(!head.components(separatedBy: "\r\n").contains { $0.hasPrefix(name) }, "\(name) injected")
        }
        #expect(!head.contains("\n\n") && !head.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func renderSinglePart() {
        let message = MIMEMessage(
            fromName: "SoTube", fromAddress: "noreply@sotube.example", toAddress: "fan@example.com",
            subject: "Your receipt", textBody: "Thanks!\n", date: Date(timeIntervalSince1970: 1_772_528_707),
            messageID: "abc@sotube.example")
        #expect(
            message.render()
                == [
                    "From: SoTube <noreply@sotube.example>", "To: fan@example.com", "Subject: Your receipt",
                    "Date: Tue, 03 Mar 2026 09:05:07 +0000", "Message-ID: <abc@sotube.example>", "MIME-Version: 1.0",
                    "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
                    "Thanks!", "",
                ].joined(separator: "\r\n"))
    }

    @Test func quotedDisplayNameAndLongASCIISubject() {
        let subject = (1...30).map { "word\($0)" }.joined(separator: " ")
        let message = MIMEMessage(
            fromName: "Doe, \"JD\" \\ Jr.", fromAddress: "a@b.example", toAddress: "c@d.example", subject: subject,
            textBody: "x", messageID: "m@x")
        let rendered = message.render()
        #expect(rendered.contains("From: \"Doe, \\\"JD\\\" \\\\ Jr.\" <a@b.example>\r\n"))
        let head = rendered.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.components(separatedBy: "\r\n").allSatisfy { $0.count <= 78 })
        #expect(head.replacingOccurrences(of: "\r\n ", with: " ").contains("Subject: " + subject + "\r\n"))
    }

    @Test func dotStuffing() {
        let payload = SMTPClient.dataPayload(".a\r\nb\n..c\r.\r\nlast")
        #expect(String(decoding: payload, as: UTF8.self) == "..a\r\nb\r\n...c\r\n..\r\nlast\r\n.\r\n")
        #expect(String(decoding: SMTPClient.dataPayload("x\r\n"), as: UTF8.self) == "x\r\n.\r\n")
        #expect(String(decoding: SMTPClient.dataPayload(""), as: UTF8.self) == ".\r\n")
        // A bare LF before a dot cannot end DATA early (SMTP smuggling).
        #expect(String(decoding: SMTPClient.dataPayload("a\n.\nb"), as: UTF8.self) == "a\r\n..\r\nb\r\n.\r\n")
    }
}

@Suite struct SMTPReplyParserTests {
    func parse(_ chunks: [String]) throws -> [SMTPReply] {
        var parser = SMTPReplyParser()
        var buffer = ByteBuffer()
        var replies: [SMTPReply] = []
        for chunk in chunks {
            buffer.writeString(chunk)
            while let reply = try parser.next(from: &buffer) { replies.append(reply) }
        }
        return replies
    }

    @Test func multiLineAndSplitReads() throws {
        let replies = try parse(["220 hi\r\n250-first\r", "\n250-AUTH PLAIN LOGIN\n250 ", "last\r\n354\r\n"])
        #expect(
            replies == [
                SMTPReply(code: 220, lines: ["hi"]),
                SMTPReply(code: 250, lines: ["first", "AUTH PLAIN LOGIN", "last"]),
                SMTPReply(code: 354, lines: [""]),
            ])
        #expect(try parse(["250-partial\r\n"]).isEmpty)
    }

    @Test(arguments: [
        "HTTP/1.1 400 Bad\r\n", "25\r\n", "2x0 no\r\n", "250_x\r\n", "250-a\r\n251 b\r\n", "099 x\r\n", "\r\n",
    ])
    func malformed(input: String) {
        #expect(throws: SMTPError.self) { _ = try parse([input]) }
    }

    @Test func overlongRepliesAreCapped() {
        #expect(throws: SMTPError.self) { _ = try parse([String(repeating: "A", count: 70_000)]) }
        let many = String(repeating: "250-" + String(repeating: "x", count: 1000) + "\r\n", count: 70)
        #expect(throws: SMTPError.self) { _ = try parse([many]) }
    }

    @Test func controlCharactersAndInvalidUTF8AreNeutralised() throws {
        var buffer = ByteBuffer(bytes: Array("550 bad\u{1B}[31m".utf8) + [0xFF, 0xFE, 13, 10])
        var parser = SMTPReplyParser()
        let reply = try #require(try parser.next(from: &buffer))
        #expect(reply.code == 550 && !reply.message.contains("\u{1B}"))
    }
}
