/// A JSON value together with where it starts in its source, so any later stage (config
/// validation, feed field mapping) can point a diagnostic at the exact spot.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// Byte offset of the value's first character in the source text.
    public var offset: Int

    public init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// The JSON data model, keeping object members in document order (Foundation's parsers do not).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The parsed number and its literal text, so integers too large for a Double stay exact.
    case number(Double, text: String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Byte offset of the key's opening quote.
    public var keyOffset: Int
    public var value: JSONNode

    public init(key: String, keyOffset: Int, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

extension JSONNode {
    /// The value of the first member named `key`, when this node is an object that has one.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number, _) = value { return number }
        return nil
    }

    /// The number as an Int, when it is integral and fits.
    public var intValue: Int? {
        guard case .number(let number, let text) = value else { return nil }
        if let exact = Int(text) { return exact }
        guard number.rounded() == number, abs(number) < 9.0e15 else { return nil }  // 2^53: exact doubles
        return Int(number)
    }

    public var arrayValue: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// A short name of the value's kind for messages: "a string", "an object"...
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
