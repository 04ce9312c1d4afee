/// A JSON value written as a Swift literal; used to build the OpenAPI document.
public indirect enum JSONValue: Encodable, Sendable, Equatable, ExpressibleByDictionaryLiteral,
    ExpressibleByArrayLiteral, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral
{
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let value) = self { return value[key] }
        return nil
    }
}

extension JSONValue {
    /// The members of an object, else nil.
    public var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The strings of an array of strings, else nil.
    public var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        return items.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
    }
}
