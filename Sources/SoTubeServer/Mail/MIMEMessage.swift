import Foundation

/// A transactional mail: text, optionally with an HTML alternative, rendered as RFC 5322 text with CRLF line ends.
/// Every header value is stripped of CR/LF and other control characters, so no header can be injected.
public struct MIMEMessage: Sendable, Equatable {
    public var fromName: String
    public var fromAddress: String
    public var toName: String?
    public var toAddress: String
    public var subject: String
    public var textBody: String
    public var htmlBody: String?
    public var date: Date
    /// Without the angle brackets, e.g. `"7f3a…@sotube.example"`; see ``makeMessageID(domain:)``.
    public var messageID: String
    /// A language tag such as `"ru"`, sent as `Content-Language`.
    public var language: String?
    /// The multipart boundary; random by default, injected by tests. Characters outside RFC 2046's set are dropped.
    public var boundary: String
    /// A one-click unsubscribe URL (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post`.
    public var listUnsubscribe: String?

    public init(
        fromName: String, fromAddress: String, toName: String? = nil, toAddress: String, subject: String,
        textBody: String, htmlBody: String? = nil, date: Date = Date(), messageID: String, language: String? = nil,
        boundary: String = MIMEMessage.randomBoundary()
    ) {
        self.fromName = fromName
        self.fromAddress = fromAddress
        self.toName = toName
        self.toAddress = toAddress
        self.subject = subject
        self.textBody = textBody
        self.htmlBody = htmlBody
        self.date = date
        self.messageID = messageID
        self.language = language
        self.boundary = boundary
    }

    /// A URL for a header: printable ASCII without spaces or angle brackets.
    static func sanitizedURL(_ url: String) -> String {
        String(
            url.unicodeScalars.filter { $0.isASCII && $0.value > 32 && $0.value < 127 && $0 != "<" && $0 != ">" }
                .map(Character.init))
    }

    /// The full message: headers, a blank line, the body; CRLF line ends, 7-bit only — or, with
    /// `eightBit` (the outbox folder, read by people), the bodies as UTF-8 text.
    public func render(eightBit: Bool = false) -> String {
        var headers: [String] = [
            MIMEEncoding.header("From", tokens: Self.mailbox(name: fromName, address: fromAddress, header: "From")),
            MIMEEncoding.header("To", tokens: Self.mailbox(name: toName ?? "", address: toAddress, header: "To")),
            MIMEEncoding.header("Subject", tokens: MIMEEncoding.unstructured(subject, headerName: "Subject")),
            "Date: " + Self.rfc5322Date(date),
            "Message-ID: <" + MIMEEncoding.sanitizedAddress(messageID) + ">",
            "MIME-Version: 1.0",
        ]
        if let language = language.map(Self.sanitizedLanguage), !language.isEmpty {
            headers.append("Content-Language: " + language)
        }
        if let url = listUnsubscribe.map(Self.sanitizedURL), !url.isEmpty {
            headers.append("List-Unsubscribe: <" + url + ">")
            headers.append("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
        }
        guard let htmlBody else {
            // The body is the encoded text itself; the message must still end with CRLF.
            let part = Self.part(type: "text/plain", body: textBody, eightBit: eightBit)
            let body = part.last ?? ""
            return (headers + part).joined(separator: "\r\n") + (body.isEmpty || body.hasSuffix("\r\n") ? "" : "\r\n")
        }
        // In a multipart body the CRLF before each "--boundary" belongs to the delimiter, not to the part.
        let boundary = Self.sanitizedBoundary(boundary)
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        var lines = headers + [""]
        lines += ["--" + boundary] + Self.part(type: "text/plain", body: textBody, eightBit: eightBit)
        lines += ["--" + boundary] + Self.part(type: "text/html", body: htmlBody, eightBit: eightBit)
        lines += ["--" + boundary + "--", ""]
        return lines.joined(separator: "\r\n")
    }

    /// A boundary that cannot occur in quoted-printable output: `=_` is never produced by the encoder.
    public static func randomBoundary() -> String {
        "=_SoTube_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    }

    /// A unique Message-ID (without `<>`) for `domain`, e.g. the host of the public URL.
    public static func makeMessageID(domain: String) -> String {
        let host = MIMEEncoding.sanitizedAddress(domain).replacingOccurrences(of: "@", with: "")
        return UUID().uuidString.lowercased() + "@" + (host.isEmpty ? "localhost" : host)
    }

    /// RFC 5322 date in UTC, independent of locale: `Tue, 03 Mar 2026 09:05:07 +0000`.
    public static func rfc5322Date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = days[((c.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((c.month ?? 1) - 1 + 12) % 12]
        func two(_ value: Int?) -> String {
            let v = value ?? 0
            return v < 10 ? "0\(v)" : "\(v)"
        }
        return
            "\(weekday), \(two(c.day)) \(month) \(c.year ?? 1970) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0000"
    }

    static func mailbox(name: String, address: String, header: String) -> [String] {
        let phrase = MIMEEncoding.phrase(name, headerName: header)
        let addr = MIMEEncoding.sanitizedAddress(address)
        return phrase.isEmpty ? [addr] : phrase + ["<" + addr + ">"]
    }

    static func part(type: String, body: String, eightBit: Bool = false) -> [String] {
        guard eightBit else { return transferHeaders(type: type) + ["", MIMEEncoding.quotedPrintable(body)] }
        let text = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
        return ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text]
    }

    static func transferHeaders(type: String) -> [String] {
        ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
    }

    static func sanitizedLanguage(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") })
    }

    /// RFC 2046 bchars, at most 70; falls back to a random boundary if nothing usable is left.
    static func sanitizedBoundary(_ value: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?")
        let kept = String(String.UnicodeScalarView(value.unicodeScalars.filter { allowed.contains($0) }.prefix(70)))
        return kept.isEmpty ? randomBoundary() : kept
    }
}
