import Foundation

/// Where the client keeps the session token between launches.
///
/// An iOS or macOS app plugs in the Keychain by conforming its own type; the SDK ships
/// ``InMemoryTokenStore`` (tests, previews, one-shot scripts) and ``FileTokenStore`` (command-line
/// tools, Linux apps).
public protocol TokenStore: Sendable {
    /// The saved token, or nil when the user is logged out.
    func load() async throws -> String?
    /// Saves `token`, replacing any saved one.
    func save(_ token: String) async throws
    /// Forgets the saved token.
    func clear() async throws
}

/// A token kept in memory only: gone when the process ends.
public actor InMemoryTokenStore: TokenStore {
    private var token: String?

    /// A store holding `token` (nil: logged out).
    public init(token: String? = nil) { self.token = token }

    /// The token held, if any.
    public func load() -> String? { token }
    /// Holds `token` instead of the previous one.
    public func save(_ token: String) { self.token = token }
    /// Forgets the token.
    public func clear() { token = nil }
}

/// A token kept in one file that only its owner can read (mode 0600, in a folder made 0700).
public struct FileTokenStore: TokenStore {
    /// The file holding the token.
    public let url: URL

    /// A store in the file at `url`; its folder is made when the first token is saved.
    public init(url: URL) { self.url = url }

    /// The token in the file, or nil when there is no file (or it is empty).
    public func load() throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let text = try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// Writes `token` to the file, readable by its owner only.
    public func save(_ token: String) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Made empty with 0600 first, so the token is never readable by others, not even briefly.
        if !FileManager.default.fileExists(atPath: url.path) {
            guard
                FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data((token + "\n").utf8))
    }

    /// Removes the file.
    public func clear() throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
