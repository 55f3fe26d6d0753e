/// Names, whitespace, comments, processing instructions and byte-level scanning.
extension XMLReader {
    mutating func skipComment() throws(Diagnostic) {
        let start = position
        position += 4  // "<!--"
        guard let end = find("-->") else {
            throw source.error("unterminated comment; expected '-->'", atByteOffset: start)
        }
        position = end + 3
    }

    /// Skips `<?target ...?>`, including the XML declaration (its encoding was handled before).
    mutating func skipProcessingInstruction() throws(Diagnostic) {
        let start = position
        position += 2
        _ = try readName(expected: "a processing instruction target after '<?'")
        guard let end = find("?>") else {
            throw source.error("unterminated processing instruction; expected '?>'", atByteOffset: start)
        }
        position = end + 2
    }



    /// Reads an XML name. Bytes ≥ 0x80 are accepted as name characters: the text is valid UTF-8,
    /// and XML 1.0 (5th edition) allows nearly every non-ASCII character in names.
    mutating func readName(expected: String) throws(Diagnostic) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else {
            throw source.error("expected \(expected)", atByteOffset: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    /// Skips XML whitespace; says whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position > start
            }
        }
        return position > start
    }

    mutating func expect(_ character: Character, after context: String) throws(Diagnostic) {
        guard position < bytes.count, bytes[position] == character.asciiValue! else {
            throw source.error("expected '\(character)' after \(context)", atByteOffset: position)
        }
        position += 1
    }

    func hasPrefix(_ text: String) -> Bool {
        hasPrefix(Array(text.utf8))
    }

    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard bytes.count - position >= prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[position + index] != byte { return false }
        return true
    }

    /// The offset of the next occurrence of `text` at or after the cursor.
    func find(_ text: String) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        var index = position
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
