import Foundation

/// One claim of an ID token or a userinfo answer, as far as the store reads claims: strings, numbers,
/// booleans and lists of strings; anything else is kept as `.other` and never read.
public enum ClaimValue: Sendable, Equatable, Decodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case strings([String])
    case other

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String].self) {
            self = .strings(value)
        } else {
            self = .other
        }
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A number of seconds since 1970 (`exp`, `iat`), when it is one a date can hold.
    public var seconds: Double? {
        if case .number(let value) = self, value.isFinite { return value }
        return nil
    }

    /// A boolean, also when a provider sends it as the string "true" (some do for `email_verified`).
    public var bool: Bool? {
        switch self {
        case .bool(let value): value
        case .string(let value): value.lowercased() == "true" ? true : value.lowercased() == "false" ? false : nil
        default: nil
        }
    }

    /// A list of strings; a single string is a list of one (`aud`, group claims).
    public var strings: [String] {
        switch self {
        case .strings(let values): values
        case .string(let value): [value]
        default: []
        }
    }
}

/// Every claim of a token by name.
public struct ClaimSet: Sendable, Equatable, Decodable {
    public var values: [String: ClaimValue]

    public init(_ values: [String: ClaimValue]) { self.values = values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var values: [String: ClaimValue] = [:]
        for key in container.allKeys {
            values[key.stringValue] = (try? container.decode(ClaimValue.self, forKey: key)) ?? .other
        }
        self.values = values
    }

    public subscript(_ name: String) -> ClaimValue? { values[name] }

    /// These claims with `other`'s added where these have none (userinfo adds to the ID token's).
    public func adding(_ other: ClaimSet) -> ClaimSet {
        ClaimSet(values.merging(other.values) { mine, _ in mine })
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
