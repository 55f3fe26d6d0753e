extension String {
    /// The text with `& < > " '` replaced by entities: safe between tags and inside quoted
    /// attribute values of either quote style.
    var htmlEscaped: String {
        // Fast path: most values (titles, paths) need no escaping and are returned as they are.
        guard utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
        else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + utf8.count / 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
