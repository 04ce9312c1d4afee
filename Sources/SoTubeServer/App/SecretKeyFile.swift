import Foundation
import SoTubeCore

/// The server's secret key in `DATA/secret.key` (hex, mode 0600), made on first start. Servers that
/// share one database must share the key: copy the file, or set `SOTUBE_SECRET_KEY` on each.
enum SecretKeyFile {
    static let name = "secret.key"

    static func loadOrCreate(in directory: URL, ids: any IDSource) throws -> [UInt8] {
        let file = directory.appendingPathComponent(name)
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let hex = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let key = Hex.decode(hex), key.count >= 32 else {
                throw ConfigurationError(description: "\(file.path) must hold at least 32 bytes as hex")
            }
            return key
        }
        let key = ids.randomBytes(32)
        try PrivateDataFolder.createPrivateFile(atPath: file.path, contents: Data((Hex.encode(key) + "\n").utf8))
        return key
    }
}
