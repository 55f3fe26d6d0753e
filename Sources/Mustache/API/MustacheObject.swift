/// An object of the data model: key/value pairs in insertion order, with hashed lookup.
///
/// Invariant: `keys`, `values` and `positions` describe the same pairs; `positions[keys[i]] == i`
/// and keys are unique. Setting an existing key replaces its value in place.
public struct MustacheObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    public private(set) var values: [MustacheValue] = []
    private var positions: [String: Int] = [:]

    public init() {}

    /// Builds an object from pairs in order; a repeated key keeps its first position and its
    /// last value, as assigning them one after another would.
    public init<Pairs: Sequence>(_ pairs: Pairs) where Pairs.Element == (String, MustacheValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> MustacheValue? {
        get { positions[key].map { values[$0] } }
        set {
            if let position = positions[key] {
                if let newValue {
                    values[position] = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                positions[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    private mutating func remove(at position: Int) {
        positions[keys[position]] = nil
        keys.remove(at: position)
        values.remove(at: position)
        for index in position..<keys.count { positions[keys[index]] = index }
    }

    /// Equal when the same pairs appear in the same order.
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(elements)
    }
}

extension MustacheObject: Sequence {
    public func makeIterator() -> Zip2Sequence<[String], [MustacheValue]>.Iterator {
        zip(keys, values).makeIterator()
    }
}
