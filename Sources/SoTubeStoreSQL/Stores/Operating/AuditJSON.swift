import Foundation

/// The compact JSON the audit log keeps for before and after: sorted keys, so the same state always
/// reads the same.
enum AuditJSON {
    static func encode(_ object: [String: Any]) -> String {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
