/// The syntax of a feed, recognised from its first bytes rather than its file name (servers and
/// users name feeds freely; ".xml" may be RSS, Atom or a plist).
enum FeedFormat {
    case json
    case xml
    case binaryPropertyList

    /// Sniffs the format; nil when the bytes look like none of them.
    static func detect(_ bytes: [UInt8]) -> FeedFormat? {
        if bytes.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .xml }  // UTF-16 byte order marks
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // UTF-8 byte order mark
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .xml
        default: return nil
        }
    }
}
