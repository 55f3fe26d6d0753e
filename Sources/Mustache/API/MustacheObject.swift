/// An object of the data model: key/value pairs in insertion order, with hashed lookup.
///
/// A value type with copy-on-write storage: copies made while rendering (every lookup
/// passes objects around) cost one reference count, not one per array.
public struct MustacheObject: Sendable, Equatable {
    /// Invariant: `keys`, `values` and `positions` describe the same pairs;
    /// `positions[keys[i]] == i` and keys are unique.
    private final class Storage: @unchecked Sendable {
        // @unchecked Sendable and unchecked exclusivity: mutated only through
        // `MustacheObject`'s mutating members, and only after `isKnownUniquelyReferenced`
        // proved no other value shares it, so no access can overlap a write. Skipping the
        // runtime checks matters because rendering reads these fields for every name it looks up.
        @exclusivity(unchecked) var keys: [String]
        @exclusivity(unchecked) var values: [MustacheValue]
        @exclusivity(unchecked) var positions: [String: Int]

        init(keys: [String] = [], values: [MustacheValue] = [], positions: [String: Int] = [:]) {
            self.keys = keys
            self.values = values
            self.positions = positions
        }

        func copy() -> Storage { Storage(keys: keys, values: values, positions: positions) }
    }

    private var storage = Storage()

    public init() {}

    /// Builds an object from pairs in order; a repeated key keeps its first position and its
    /// last value, as assigning them one after another would.
    public init<Pairs: Sequence>(_ pairs: Pairs) where Pairs.Element == (String, MustacheValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public var keys: [String] { storage.keys }
    public var values: [MustacheValue] { storage.values }
    public var count: Int { storage.keys.count }
    public var isEmpty: Bool { storage.keys.isEmpty }

    /// The value for `key`; assigning `nil` removes the pair, assigning to a new key appends it.
    public subscript(key: String) -> MustacheValue? {
        get {
            // Up to 8 keys, comparing keys beats hashing one: short strings are stored inline and
            // compare as two machine words, while hashing runs SipHash over the key every time.
            if storage.keys.count <= 8 {
                for index in storage.keys.indices where storage.keys[index] == key {
                    return storage.values[index]
                }
                return nil
            }
            return storage.positions[key].map { storage.values[$0] }
        }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            if let position = storage.positions[key] {
                if let newValue {
                    storage.values[position] = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                storage.positions[key] = storage.keys.count
                storage.keys.append(key)
                storage.values.append(newValue)
            }
        }
    }

    private mutating func remove(at position: Int) {
        storage.positions[storage.keys[position]] = nil
        storage.keys.remove(at: position)
        storage.values.remove(at: position)
        for index in position..<storage.keys.count { storage.positions[storage.keys[index]] = index }
    }

    /// Equal when the same pairs appear in the same order.
    public static func == (lhs: MustacheObject, rhs: MustacheObject) -> Bool {
        lhs.storage === rhs.storage || (lhs.keys == rhs.keys && lhs.values == rhs.values)
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
