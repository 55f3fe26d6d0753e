/// The values names are looked up in: the render context at the bottom, each enclosing
/// section's value above it.
struct ContextStack {
    private var frames: [MustacheValue]

    init(_ root: MustacheValue) {
        frames = [root]
    }

    mutating func push(_ value: MustacheValue) { frames.append(value) }
    mutating func pop() { frames.removeLast() }

    /// The value a name stands for, or `nil` when the stack cannot resolve it.
    ///
    /// The first part of a dotted name is searched from the top of the stack down; the other
    /// parts only inside what the first found, so `a.b` never falls back to an outer `b`.
    /// Inside a list, a part of digits picks an item by its 0-based index.
    func resolve(_ name: Name) -> MustacheValue? {
        switch name {
        case .implicitIterator:
            return frames[frames.count - 1]
        case .path(let parts):
            var value: MustacheValue? = nil
            let first = parts[0]
            var index = frames.count - 1
            while index >= 0 {
                if case .object(let object) = frames[index], let found = object[first] {
                    value = found
                    break
                }
                index -= 1
            }
            for part in parts.dropFirst() {
                switch value {
                case .object(let object)?:
                    value = object[part]
                case .array(let items)?:
                    // `slides.0.image`: a part made of digits only indexes a list.
                    guard part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                          let index = Int(part), items.indices.contains(index)
                    else { return nil }
                    value = items[index]
                default:
                    return nil
                }
            }
            return value
        }
    }
}
