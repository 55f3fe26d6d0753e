/// The syntax of a feed, recognised from its first bytes rather than its file name (servers and
/// users name feeds freely; ".xml" may be RSS, Atom or a plist).
enum FeedFormat {
    case json
    case xml
    case binaryPropertyList
    /// The old ASCII property-list format: `{ key = value; }`.
    case openStepPropertyList

    /// Sniffs the format; nil when the bytes look like none of them. A '{' starts both JSON and
    /// an OpenStep dictionary, so there the name decides: ".plist" and ".strings" files are
    /// OpenStep (JSON never is), everything else JSON.
    static func detect(_ bytes: [UInt8], name: String = "") -> FeedFormat? {
        if bytes.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .xml }  // UTF-16 byte order marks
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // UTF-8 byte order mark
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        let lowercasedName = name.lowercased()
        let isPlistName = lowercasedName.hasSuffix(".plist") || lowercasedName.hasSuffix(".strings")
        switch bytes[index] {
        case UInt8(ascii: "{") where isPlistName: return .openStepPropertyList
        case UInt8(ascii: "("), UInt8(ascii: "/"): return .openStepPropertyList
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .xml
        default: return nil
        }
    }
}
