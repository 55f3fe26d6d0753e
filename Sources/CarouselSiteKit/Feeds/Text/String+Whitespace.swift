extension String {
    /// The string without leading and trailing Unicode whitespace.
    ///
    /// Written on the standard library because Foundation's `trimmingCharacters(in:)` bridges
    /// through NSString on Linux, which dominated the time of reading large feeds.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespace })!
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    /// Whether the UTF-8 text holds this ASCII character; avoids Foundation's substring search.
    func containsASCII(_ character: Unicode.Scalar) -> Bool {
        utf8.contains(UInt8(ascii: character))
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property, answered without a property lookup for ASCII, which is
    /// nearly all the whitespace feeds contain.
    var isWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace
    }
}
