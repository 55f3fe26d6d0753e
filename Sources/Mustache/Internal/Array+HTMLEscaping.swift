/// Appends text to rendered output, HTML-escaped or as it is.
///
/// Output is built as UTF-8 bytes: appending a string is then a copy of its bytes, and since
/// every character that needs escaping is ASCII, escaping can work byte by byte without ever
/// splitting a multi-byte character.
extension Array where Element == UInt8 {
    mutating func appendEscapingHTML(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
