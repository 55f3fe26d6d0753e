/// Reads the old ASCII ("OpenStep") property-list format that NeXT, GNUstep and `.strings`
/// files use: `{ key = value; }`, `( a, b )`, quoted or bare strings, `<hex data>`, and `//` or
/// `/* */` comments. Every scalar is a string, as the format has no numbers.
///
/// Recursion follows the nesting, limited to `maximumDepth`.
struct OpenStepPropertyList {
    /// Deeper nesting is refused, so hostile input cannot exhaust the stack.
    static let maximumDepth = 512

    private let source: SourceText
    private let bytes: [UInt8]
    private var position = 0

    static func parse(_ source: SourceText) throws(Diagnostic) -> PropertyListNode {
        var reader = OpenStepPropertyList(source: source, bytes: source.bytes)
        if let invalid = UTF8Validation.firstInvalidOffset(in: reader.bytes) {
            throw source.error("invalid UTF-8 byte in a property list", atByteOffset: invalid)
        }
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }  // byte order mark
        let root = try reader.value(depth: 0)
        try reader.skipTrivia()
        guard reader.position == reader.bytes.count else {
            throw source.error("unexpected content after the property list's value", atByteOffset: reader.position)
        }
        return root
    }

    private init(source: SourceText, bytes: [UInt8]) {
        self.source = source
        self.bytes = bytes
    }

    private mutating func value(depth: Int) throws(Diagnostic) -> PropertyListNode {
        try skipTrivia()
        guard position < bytes.count else {
            throw source.error("expected a value, found the end of the file", atByteOffset: position)
        }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw source.error("property list nested deeper than \(Self.maximumDepth) levels", atByteOffset: start) }
            position += 1
            var entries: [PropertyListEntry] = []
            while true {
                try skipTrivia()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return PropertyListNode(.dictionary(entries), offset: start)
                }
                let keyOffset = position
                guard case .string(let key) = try string().value else { throw source.error("expected a string key", atByteOffset: keyOffset) }
                try skipTrivia()
                try expect("=", "after the key '\(key)'")
                let value = try value(depth: depth + 1)
                try skipTrivia()
                try expect(";", "after the value of '\(key)'")
                entries.append(PropertyListEntry(key: key, keyOffset: keyOffset, value: value))
            }
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else { throw source.error("property list nested deeper than \(Self.maximumDepth) levels", atByteOffset: start) }
            position += 1
            var items: [PropertyListNode] = []
            while true {
                try skipTrivia()
                if position < bytes.count, bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return PropertyListNode(.array(items), offset: start)
                }
                items.append(try value(depth: depth + 1))
                try skipTrivia()
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if position >= bytes.count || bytes[position] != UInt8(ascii: ")") {
                    throw source.error("expected ',' or ')' in an array", atByteOffset: position)
                }
            }
        case UInt8(ascii: "<"):
            return try data()
        default:
            return try string()
        }
    }

    /// A quoted string with C-style escapes, or a bare word.
    private mutating func string() throws(Diagnostic) -> PropertyListNode {
        let start = position
        guard position < bytes.count else { throw source.error("expected a string, found the end of the file", atByteOffset: position) }
        if bytes[position] != UInt8(ascii: "\"") {
            while position < bytes.count, Self.isBareCharacter(bytes[position]) { position += 1 }
            guard position > start else {
                throw source.error("expected a string, '{', '(' or '<'", atByteOffset: start)
            }
            return PropertyListNode(.string(String(decoding: bytes[start..<position], as: UTF8.self)), offset: start)
        }
        position += 1
        var text = String.UnicodeScalarView()
        var run = position
        func flush(_ end: Int) { text.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard position < bytes.count else { throw source.error("unterminated string; expected a closing '\"'", atByteOffset: start) }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                flush(position)
                position += 1
                return PropertyListNode(.string(String(text)), offset: start)
            case UInt8(ascii: "\\"):
                flush(position)
                text.append(try escape())
                run = position
            default:
                position += 1
            }
        }
    }

    /// An escape after '\': \n \t \r \" \\ \a \b \f \v, \ooo octal or \Uhhhh.
    private mutating func escape() throws(Diagnostic) -> Unicode.Scalar {
        let start = position
        position += 1
        guard position < bytes.count else { throw source.error("unterminated escape", atByteOffset: start) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "a"): return "\u{07}"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "v"): return "\u{0B}"
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            // Up to three octal digits in all.
            for _ in 0..<2 where position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            return Unicode.Scalar(value)!  // at most 0o777, always a scalar
        case UInt8(ascii: "U"):
            guard position + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(value) else {
                throw source.error("invalid '\\U' escape; expected four hex digits naming a character", atByteOffset: start)
            }
            position += 4
            return scalar
        default:
            // \" \\ and any other character stand for themselves; the input is valid UTF-8, so
            // a non-ASCII lead byte is re-read as part of the next run.
            if byte >= 0x80 {
                position -= 1
                return "\\"
            }
            return Unicode.Scalar(byte)
        }
    }

    /// `<0fbd 7769>`: hex digit pairs, whitespace ignored.
    private mutating func data() throws(Diagnostic) -> PropertyListNode {
        let start = position
        position += 1
        var data: [UInt8] = []
        var high: UInt8?
        while true {
            guard position < bytes.count else { throw source.error("unterminated data; expected '>'", atByteOffset: start) }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { break }
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) { continue }
            guard let nibble = UInt8(String(UnicodeScalar(byte)), radix: 16) else {
                throw source.error("invalid character in data; expected hex digits", atByteOffset: position - 1)
            }
            if let first = high {
                data.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { throw source.error("odd number of hex digits in data", atByteOffset: start) }
        return PropertyListNode(.data(data), offset: start)
    }

    /// Skips whitespace and comments.
    private mutating func skipTrivia() throws(Diagnostic) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) { position += 1 }
                guard position + 1 < bytes.count else { throw source.error("unterminated comment; expected '*/'", atByteOffset: start) }
                position += 2
            default:
                return
            }
        }
    }

    private mutating func expect(_ character: Character, _ context: String) throws(Diagnostic) {
        guard position < bytes.count, bytes[position] == character.asciiValue! else {
            throw source.error("expected '\(character)' \(context)", atByteOffset: position)
        }
        position += 1
    }

    /// Characters of an unquoted string (GNUstep's set).
    private static func isBareCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
