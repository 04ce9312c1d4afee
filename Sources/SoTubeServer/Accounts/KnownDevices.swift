import Crypto
import Foundation
import SoTubeCore

/// The owner's remembered devices: a successful sign-in sets a long-lived cookie holding a random
/// device id and an HMAC binding it to the account (`<id>.<mac>`, key derived from the server
/// secret). A log-in that brings a valid one counts on that device's own allowance instead of the
/// account's ceiling over all addresses (`ThrottlePolicy.loginKeys`). Nothing is stored: a forged or
/// another account's cookie is simply not a known device.
public struct KnownDevices: Sendable {
    private let key: [UInt8]
    /// How long the cookie lasts (a year); each sign-in from the device sets it again.
    public static let lifetime = 365 * 86_400

    public init(serverSecret: [UInt8]) {
        key = ServerSecret.derive(serverSecret, purpose: "sotube known devices v1")
    }

    /// The cookie value for device `deviceID` of `userID`.
    func cookie(userID: String, deviceID: String) -> String {
        deviceID + "." + mac(userID: userID, deviceID: deviceID)
    }

    /// The device id `value` names when it was made for `userID`; nil for anything else.
    func deviceID(_ value: String?, userID: String) -> String? {
        guard let value, value.utf8.count <= 128 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let deviceID = String(parts[0])
        let expected = mac(userID: userID, deviceID: deviceID)
        return ConstantTime.equal(Array(expected.utf8), Array(parts[1].utf8)) ? deviceID : nil
    }

    private func mac(userID: String, deviceID: String) -> String {
        Array(
            HMAC<SHA256>.authenticationCode(for: Data((userID + "\n" + deviceID).utf8), using: SymmetricKey(data: key))
        )
        .base64URLString
    }
}
