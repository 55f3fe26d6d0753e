extension MustacheValue {
    /// The text an interpolation tag renders, or `nil` for lists and objects, which have none.
    var interpolatedText: String? {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.text(of: value)
        case .string(let value): value
        case .array, .object: nil
        }
    }

    /// Whole doubles print without a fraction ("3", not "3.0"), as the spec's JavaScript
    /// lineage does; 1e15 bounds the range where every whole double is exact as an Int and
    /// prints the same digits.
    private static func text(of value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}
