import Foundation
import Hummingbird

/// Reads and checks query parameters; a bad value is a 422 problem naming the parameter.
struct QueryParameters {
    let request: Request

    func string(_ name: String) -> String? {
        request.uri.queryParameters[Substring(name)].map { String($0) }
    }

    /// A text a person typed, decoded as a browser's form sends it: `+` is a space (`URLSearchParams`
    /// writes spaces so), `%2B` a plus. `string` leaves a `+` as it is.
    func typedText(_ name: String) -> String? {
        guard let raw = request.uri.query else { return nil }
        for pair in raw.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.map(String.init) == name else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    /// An integer in `range`, or `defaultValue` when absent.
    func int(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let text = string(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw Problem(
                .unprocessableContent,
                "The parameter '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).",
                field: name)
        }
        return value
    }

    /// true/false (also 1/0), or `defaultValue` when absent.
    func bool(_ name: String, default defaultValue: Bool) throws -> Bool {
        guard let text = string(name) else { return defaultValue }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            throw Problem(.unprocessableContent, "The parameter '\(name)' must be true or false.", field: name)
        }
    }

    /// One of an enumeration's raw values, or `defaultValue` when absent.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws -> T
    where T.RawValue == String {
        guard let text = string(name) else { return defaultValue }
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw Problem(.unprocessableContent, "The parameter '\(name)' must be one of: \(allowed).", field: name)
        }
        return value
    }
}

extension AppRequestContext {
    /// The `{id}` path parameter.
    func pathID() throws -> String {
        try parameters.require("id")
    }
}
