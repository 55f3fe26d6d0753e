/// Integer literals of XML property lists: optional sign, then decimal digits or "0x" and hex
/// digits, anywhere from Int64.min to UInt64.max (the range Apple's readers accept).
enum PropertyListInteger {
    /// The canonical decimal text of `literal`, or nil when it is not a valid integer.
    static func decimal(_ literal: String) -> String? {
        var body = Substring(literal)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        let isHex = body.lowercased().hasPrefix("0x")
        let digits = isHex ? body.dropFirst(2) : body
        // Checked here because UInt64's parser would also take a second sign.
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && (isHex ? $0.isHexDigit : $0.isNumber) }),
              let magnitude = UInt64(digits, radix: isHex ? 16 : 10) else { return nil }
        if negative {
            // Int64.min's magnitude is one more than Int64.max.
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == 0 ? "0" : "-\(magnitude)"
        }
        return String(magnitude)
    }
}
