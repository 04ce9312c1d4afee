/// Everything that can go wrong while configuring or talking to an SMTP server.
///
/// Messages never contain the password; server replies are sanitised (control characters replaced) and truncated.
public enum SMTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `SOTUBE_SMTP_URL` (or the URL passed to ``SMTPSettings/init(url:trustRootsPEMPath:heloName:)``) is unusable.
    case invalidURL(String)
    /// An envelope address or the message itself cannot be sent (CR/LF, non-ASCII address, no recipients…).
    case invalidMessage(String)
    /// The server answered a command with an unexpected reply code.
    case rejected(code: Int, message: String, command: String)
    /// Connecting, TLS, a timeout or an unexpected close.
    case connection(String)
    /// The server speaks something that is not SMTP, or lacks a capability this client insists on (STARTTLS, AUTH).
    case protocolViolation(String)

    public var description: String {
        switch self {
        case .invalidURL(let reason): "invalid SOTUBE_SMTP_URL: \(reason)"
        case .invalidMessage(let reason): "cannot send mail: \(reason)"
        case .rejected(let code, let message, let command):
            "SMTP server rejected \(command): \(code) \(message)"
        case .connection(let reason): "SMTP connection failed: \(reason)"
        case .protocolViolation(let reason): "SMTP protocol error: \(reason)"
        }
    }
}
