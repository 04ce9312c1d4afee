import Foundation

/// JSON Schemas made from the wire types themselves: a type is decoded from a stand-in decoder that
/// writes down every key the type asks for (required unless asked with `decodeIfPresent`, which also
/// allows `null`) and the schema of each value. A nested wire struct becomes a named component; arrays,
/// numbers, strings, dates (`date-time` strings) and string enums (their cases) are inline.
final class SchemaRecorder {
    private(set) var components: [String: JSONValue] = [:]
    private var inProgress: Set<String> = []

    /// The component name of a wire type: its name without `DTO` (`TrackDTO` → `Track`).
    static func name(of type: Any.Type) -> String {
        let full = String(describing: type)
        let renamed = ["HealthResponse": "Health", "ReadinessResponse": "Readiness", "MeResponse": "Me"]
        if let name = renamed[full] { return name }
        return full.hasSuffix("DTO") ? String(full.dropLast(3)) : full
    }

    /// Records `type` under `name` (its own name unless given), with every type it holds.
    func add<T: Decodable>(_ type: T.Type, as name: String? = nil) throws {
        let schema = try schema(for: type)
        if let name { components[name] = schema }
    }

    /// The schema of a value of `type`: a `$ref` for a wire struct (recorded once), else inline.
    func schema<T: Decodable>(for type: T.Type) throws -> JSONValue {
        try schemaAndSample(type).schema
    }

    /// The schema of `type` and a value of it to hand back to the type being decoded.
    func schemaAndSample<T: Decodable>(_ type: T.Type) throws -> (schema: JSONValue, sample: T) {
        if T.self == Date.self, let date = Date(timeIntervalSince1970: 0) as? T {
            return (["type": "string", "format": "date-time"], date)
        }
        if let enumeration = T.self as? any (CaseIterable & RawRepresentable<String>).Type {
            let (values, first) = Self.cases(of: enumeration)
            guard let sample = first as? T else { throw SchemaError.noCases(String(describing: T.self)) }
            return (["type": "string", "enum": .array(values.map { .string($0) })], sample)
        }
        let shape = Shape()
        let sample = try T(from: SchemaDecoder(recorder: self, shape: shape))
        switch shape.kind {
        case .object:
            let name = Self.name(of: T.self)
            if components[name] == nil, inProgress.insert(name).inserted {
                components[name] = [
                    "type": "object", "properties": .object(shape.properties),
                    "required": .array(shape.required.map { .string($0) }),
                ]
                inProgress.remove(name)
            }
            return (["$ref": .string("#/components/schemas/\(name)")], sample)
        case .array:
            return (["type": "array", "items": shape.single ?? [:]], sample)
        case .single:
            return (shape.single ?? [:], sample)
        }
    }

    private static func cases<E: CaseIterable & RawRepresentable<String>>(of type: E.Type) -> ([String], E?) {
        (type.allCases.map(\.rawValue), type.allCases.first)
    }
}

enum SchemaError: Error {
    case noCases(String)
    case unsupported(String)
}

/// What one decoded type turned out to be.
final class Shape {
    enum Kind { case object, array, single }
    var kind = Kind.single
    var properties: [String: JSONValue] = [:]
    var required: [String] = []
    var single: JSONValue?
}

struct SchemaDecoder: Decoder {
    let recorder: SchemaRecorder
    let shape: Shape
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        shape.kind = .object
        return KeyedDecodingContainer(KeyedSchemaContainer<Key>(recorder: recorder, shape: shape))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        shape.kind = .array
        return UnkeyedSchemaContainer(recorder: recorder, shape: shape)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleSchemaContainer(recorder: recorder, shape: shape)
    }
}

/// Stand-in values of the JSON primitives, and their schema types.
enum Primitive {
    /// The schema type and a stand-in value of a JSON primitive type; nil for any other type.
    static func standIn<T>(_ type: T.Type) -> (type: String, value: T)? {
        if T.self == String.self, let value = "" as? T { return ("string", value) }
        if T.self == Bool.self, let value = false as? T { return ("boolean", value) }
        if T.self == Int.self, let value = 0 as Int as? T { return ("integer", value) }
        if T.self == Int64.self, let value = Int64(0) as? T { return ("integer", value) }
        if T.self == Int32.self, let value = Int32(0) as? T { return ("integer", value) }
        if T.self == Int8.self, let value = Int8(0) as? T { return ("integer", value) }
        if T.self == Int16.self, let value = Int16(0) as? T { return ("integer", value) }
        if T.self == UInt.self, let value = UInt(0) as? T { return ("integer", value) }
        if T.self == UInt8.self, let value = UInt8(0) as? T { return ("integer", value) }
        if T.self == UInt16.self, let value = UInt16(0) as? T { return ("integer", value) }
        if T.self == UInt32.self, let value = UInt32(0) as? T { return ("integer", value) }
        if T.self == UInt64.self, let value = UInt64(0) as? T { return ("integer", value) }
        if T.self == Double.self, let value = 0.0 as Double as? T { return ("number", value) }
        if T.self == Float.self, let value = Float(0) as? T { return ("number", value) }
        return nil
    }
}

struct KeyedSchemaContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: SchemaRecorder
    let shape: Shape
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let (schema, sample) = try value(type)
        shape.properties[key.stringValue] = schema
        shape.required.append(key.stringValue)
        return sample
    }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let (schema, _) = try value(type)
        shape.properties[key.stringValue] = Self.nullable(schema)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { throw SchemaError.unsupported("nested container \(key.stringValue)") }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SchemaError.unsupported("nested container \(key.stringValue)")
    }
    func superDecoder() throws -> any Decoder { throw SchemaError.unsupported("super decoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw SchemaError.unsupported("super decoder") }

    func value<T: Decodable>(_ type: T.Type) throws -> (JSONValue, T) {
        if let primitive = Primitive.standIn(type) { return (["type": .string(primitive.type)], primitive.value) }
        return try recorder.schemaAndSample(type)
    }

    /// `schema` allowing `null` too.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        if case .string(let type)? = object["type"] {
            object["type"] = [.string(type), "null"]
            return .object(object)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }
}

struct UnkeyedSchemaContainer: UnkeyedDecodingContainer {
    let recorder: SchemaRecorder
    let shape: Shape
    var codingPath: [any CodingKey] = []
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }

    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        let (schema, sample) = try KeyedSchemaContainer<AnyKey>(recorder: recorder, shape: Shape()).value(type)
        shape.single = schema
        return sample
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    { throw SchemaError.unsupported("nested container") }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SchemaError.unsupported("nested container")
    }
    mutating func superDecoder() throws -> any Decoder { throw SchemaError.unsupported("super decoder") }
}

struct SingleSchemaContainer: SingleValueDecodingContainer {
    let recorder: SchemaRecorder
    let shape: Shape
    var codingPath: [any CodingKey] = []

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try single(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try single(type) }
    func decode(_ type: String.Type) throws -> String { try single(type) }
    func decode(_ type: Double.Type) throws -> Double { try single(type) }
    func decode(_ type: Float.Type) throws -> Float { try single(type) }
    func decode(_ type: Int.Type) throws -> Int { try single(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try single(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try single(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try single(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try single(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try single(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try single(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try single(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try single(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try single(type) }

    private func single<T: Decodable>(_ type: T.Type) throws -> T {
        let (schema, sample) = try KeyedSchemaContainer<AnyKey>(recorder: recorder, shape: Shape()).value(type)
        shape.kind = .single
        shape.single = schema
        return sample
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
