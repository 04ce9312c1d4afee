import Foundation
import SoTubeCore

/// The server's secret key in `DATA/secret.key` (hex, mode 0600), made on first start. Servers that
/// share one database must share the key: copy the file, or set `SOTUBE_SECRET_KEY` on each.
enum SecretKeyFile {
    static let name = "secret.key"

    static func loadOrCreate(in directory: URL, ids: any IDSource) throws -> [UInt8] {
        let file = directory.appendingPathComponent(name)
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            guard let key = hexBytes(text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count >= 32 else {
                throw ConfigurationError(description: "\(file.path) must hold at least 32 bytes as hex")
            }
            return key
        }
        let key = ids.randomBytes(32)
        let hex = key.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        guard
            FileManager.default.createFile(
                atPath: file.path, contents: Data((hex + "\n").utf8), attributes: [.posixPermissions: 0o600])
        else { throw ConfigurationError(description: "cannot write \(file.path)") }
        return key
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
