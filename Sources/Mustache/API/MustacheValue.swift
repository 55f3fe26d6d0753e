/// The data a template renders: a typed tree of values, so that no `Any` crosses the API.
///
/// Truthiness in sections follows the JavaScript reading of the spec for the values a site
/// actually has: `null`, `false`, the empty string and the empty list are falsey; every number,
/// every object (even empty) and every other string is truthy.
///
/// ```swift
/// let page: MustacheValue = ["title": "Holidays", "slides": [["caption": "Beach"]]]
/// ```
public enum MustacheValue: Sendable, Equatable {
    /// Renders as nothing; falsey.
    case null
    /// Renders as "true" or "false".
    case bool(Bool)
    case int(Int)
    /// Whole values render without a fraction ("3"), others in Swift's shortest form ("1.21").
    case double(Double)
    case string(String)
    /// Sections render once per item; variables cannot render a list.
    case array([MustacheValue])
    /// Key order is kept, so that data prints and compares as it was written.
    case object(MustacheObject)
}

extension MustacheValue {
    /// Whether a section renders for this value (see the type's summary for the rules).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .array(let items): !items.isEmpty
        case .int, .double, .object: true
        }
    }

    /// What the value names in a message: "a list", "an object".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
