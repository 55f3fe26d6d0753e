import Foundation

/// A property-list value with the byte offset where it starts, so a feed built from it can point
/// diagnostics at the right place (XML plists) or byte (binary plists).
public struct PropertyListNode: Sendable, Equatable {
    public var value: PropertyListValue
    public var offset: Int

    public init(_ value: PropertyListValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// The property-list data model. Dictionaries keep document order, which Foundation's
/// `PropertyListSerialization` loses.
public enum PropertyListValue: Sendable, Equatable {
    case string(String)
    /// Decimal text of the integer: plists hold everything from Int64.min to UInt64.max (and
    /// binary plists 128-bit values), more than any one fixed-width type.
    case integer(String)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PropertyListNode])
    case dictionary([PropertyListEntry])
    /// A keyed-archiver object reference (binary plists only).
    case uid(UInt64)
}

/// One key and value of a dictionary.
public struct PropertyListEntry: Sendable, Equatable {
    public var key: String
    public var keyOffset: Int
    public var value: PropertyListNode

    public init(key: String, keyOffset: Int, value: PropertyListNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

extension PropertyListNode {
    /// The same data in the JSON model, so plist feeds share the JSON field detection. Dates
    /// become ISO 8601 strings; data and UIDs, which no feed field holds, become numbers or null.
    var jsonNode: JSONNode {
        switch value {
        case .string(let string): JSONNode(.string(string), offset: offset)
        case .integer(let text): JSONNode(.number(Double(text) ?? 0, text: text), offset: offset)
        case .real(let number): JSONNode(.number(number, text: String(number)), offset: offset)
        case .bool(let bool): JSONNode(.bool(bool), offset: offset)
        case .date(let date): JSONNode(.string(ISO8601DateFormatter().string(from: date)), offset: offset)
        case .data: JSONNode(.null, offset: offset)
        case .uid(let uid): JSONNode(.number(Double(uid), text: String(uid)), offset: offset)
        case .array(let items): JSONNode(.array(items.map(\.jsonNode)), offset: offset)
        case .dictionary(let entries):
            JSONNode(.object(entries.map { JSONMember(key: $0.key, keyOffset: $0.keyOffset, value: $0.value.jsonNode) }), offset: offset)
        }
    }
}
