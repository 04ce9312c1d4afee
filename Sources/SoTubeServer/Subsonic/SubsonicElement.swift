import Foundation

/// One element of a Subsonic answer, encoded as XML (attributes and child elements) or as JSON
/// (an object whose keys are the attributes and children). Whether a child is one object or a
/// list is part of the element, so the two encodings carry the same data.
struct SubsonicElement: Sendable, Equatable {
    enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        /// A decimal (ReplayGain values), written with at most 4 decimals.
        case decimal(Double)
    }

    enum Child: Sendable, Equatable {
        case one(SubsonicElement)
        case many([SubsonicElement])
        /// A list of plain values: `<name>1</name><name>2</name>` in XML, `[1, 2]` in JSON.
        case values([Value])
    }

    private(set) var attributes: [(name: String, value: Value)] = []
    private(set) var children: [(name: String, child: Child)] = []
    /// Text content (XML), `"value"` in JSON (e.g. a genre's name).
    var text: String?

    init() {}

    /// Sets an attribute; nil leaves it out.
    mutating func set(_ name: String, _ value: String?) {
        if let value { attributes.append((name, .string(value))) }
    }
    mutating func set(_ name: String, _ value: Int?) {
        if let value { attributes.append((name, .int(value))) }
    }
    mutating func set(_ name: String, _ value: Double?) {
        if let value, value.isFinite { attributes.append((name, .decimal(value))) }
    }
    mutating func set(_ name: String, _ value: Bool?) {
        if let value { attributes.append((name, .bool(value))) }
    }
    mutating func set(_ name: String, _ value: Date?) {
        if let value { attributes.append((name, .string(Self.timestamp(value)))) }
    }
    /// One child element.
    mutating func add(_ name: String, _ element: SubsonicElement) {
        children.append((name, .one(element)))
    }
    /// A list of child elements of one name (an empty JSON array when there are none).
    mutating func add(_ name: String, list: [SubsonicElement]) {
        children.append((name, .many(list)))
    }

    mutating func add(_ name: String, child: Child) {
        children.append((name, child))
    }
    /// A list of whole numbers (folder ids, extension versions).
    mutating func add(_ name: String, values: [Int]) {
        children.append((name, .values(values.map { .int($0) })))
    }

    static func == (lhs: SubsonicElement, rhs: SubsonicElement) -> Bool {
        lhs.text == rhs.text && lhs.attributes.elementsEqual(rhs.attributes, by: { $0 == $1 })
            && lhs.children.elementsEqual(rhs.children, by: { $0.name == $1.name && $0.child == $1.child })
    }

    /// ISO 8601 in UTC with milliseconds, as Subsonic servers write dates.
    static func timestamp(_ date: Date) -> String {
        let seconds = JSONLogHandler.timestamp(date)
        let millis = Int((date.timeIntervalSince1970 * 1000).rounded()) % 1000
        let digits = String(millis)
        return String(seconds.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

/// The two encodings of a `SubsonicElement` tree.
enum SubsonicEncoding {
    // MARK: XML

    static func xml(_ element: SubsonicElement, name: String, into out: inout String) {
        out += "<" + name
        if name == "subsonic-response" { out += " xmlns=\"http://subsonic.org/restapi\"" }
        for (attribute, value) in element.attributes {
            out += " " + attribute + "=\""
            scalarXML(value, into: &out)
            out += "\""
        }
        if element.children.isEmpty && element.text == nil {
            out += "/>"
            return
        }
        out += ">"
        if let text = element.text { escapeXML(text, into: &out) }
        for (childName, child) in element.children {
            switch child {
            case .one(let single): xml(single, name: childName, into: &out)
            case .many(let list): for item in list { xml(item, name: childName, into: &out) }
            case .values(let values):
                for value in values {
                    out += "<" + childName + ">"
                    scalarXML(value, into: &out)
                    out += "</" + childName + ">"
                }
            }
        }
        out += "</" + name + ">"
    }

    static func scalarXML(_ value: SubsonicElement.Value, into out: inout String) {
        switch value {
        case .string(let text): escapeXML(text, into: &out)
        case .int(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .decimal(let number): out += decimalText(number)
        }
    }

    /// "-4.5", "0.8913", "3": no exponent, no trailing zeros (valid in XML attributes and JSON).
    static func decimalText(_ number: Double) -> String {
        var text = String(format: "%.4f", number)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func scalarJSON(_ value: SubsonicElement.Value, into out: inout String) {
        switch value {
        case .string(let text): out += JSONLogHandler.quoted(text)
        case .int(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .decimal(let number): out += decimalText(number)
        }
    }

    /// Escapes for attribute values and text; characters XML 1.0 cannot hold are left out.
    static func escapeXML(_ text: String, into out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    // MARK: JSON

    static func json(_ element: SubsonicElement, into out: inout String) {
        out += "{"
        var first = true
        func key(_ name: String) {
            if !first { out += "," }
            first = false
            out += JSONLogHandler.quoted(name) + ":"
        }
        for (attribute, value) in element.attributes {
            key(attribute)
            scalarJSON(value, into: &out)
        }
        if let text = element.text {
            key("value")
            out += JSONLogHandler.quoted(text)
        }
        for (childName, child) in element.children {
            key(childName)
            switch child {
            case .one(let single): json(single, into: &out)
            case .many(let list):
                out += "["
                for (index, item) in list.enumerated() {
                    if index > 0 { out += "," }
                    json(item, into: &out)
                }
                out += "]"
            case .values(let values):
                out += "["
                for (index, value) in values.enumerated() {
                    if index > 0 { out += "," }
                    scalarJSON(value, into: &out)
                }
                out += "]"
            }
        }
        out += "}"
    }
}
