import NIOConcurrencyHelpers

/// Sealed app-password secrets already opened, by their sealed bytes: token authentication needs
/// each of a user's secrets in the clear on every `/rest` call, and opening one (an AES-GCM key
/// schedule and decryption) was a third of the check's CPU (issue 35). What is remembered says
/// nothing about whether a password still works: that is the store's answer on every call, so a
/// revoked password stops as before. Bounded: past `limit` entries everything is forgotten.
final class OpenedSecrets: Sendable {
    private let opened = NIOLockedValueBox<[[UInt8]: [UInt8]]>([:])
    let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    /// The secret's UTF-8 of `sealed`, nil when `sealer` cannot open it (another key, altered).
    func secret(_ sealed: [UInt8], sealer: SecretSealer) -> [UInt8]? {
        if let known = opened.withLockedValue({ $0[sealed] }) { return known }
        guard let secret = sealer.open(sealed) else { return nil }
        let bytes = Array(secret.utf8)
        opened.withLockedValue { opened in
            if opened.count >= limit { opened.removeAll(keepingCapacity: true) }
            opened[sealed] = bytes
        }
        return bytes
    }

    var count: Int { opened.withLockedValue { $0.count } }
}
