/// A strict RFC 8259 JSON parser that keeps object member order and the byte offset of every
/// value, and reports errors as located diagnostics.
///
/// Differences from JSONSerialization that users notice: trailing commas, comments, leading zeros,
/// NaN and single quotes are errors with a line and column; member order is kept; a leading UTF-8
/// byte order mark is skipped. Nesting is bounded so hostile input cannot overflow the stack.
public enum JSONParser {
    /// Nesting beyond this many arrays/objects is refused. Real feeds nest a handful of levels;
    /// the bound keeps recursion far from the thread's stack limit.
    public static let maximumDepth = 512

    /// Parses one JSON text (a single value, optionally surrounded by whitespace).
    ///
    /// - Parameter allowComments: accept `//` and `/* */` comments as whitespace. Feeds are strict
    ///   JSON; the config allows comments so that a scaffolded config can explain itself.
    public static func parse(_ source: SourceText, allowComments: Bool = false) throws(Diagnostic) -> JSONNode {
        var scanner = Scanner(source: source)
        scanner.allowComments = allowComments
        return try scanner.parseDocument()
    }
}

extension JSONParser {
    fileprivate struct Scanner {
        let source: SourceText
        let bytes: [UInt8]
        var position = 0
        var depth = 0
        var allowComments = false

        init(source: SourceText) {
            self.source = source
            self.bytes = source.bytes
            // A UTF-8 byte order mark is not JSON, but editors on some systems write one.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        mutating func parseDocument() throws(Diagnostic) -> JSONNode {
            try skipWhitespace()
            guard position < bytes.count else { throw failure("expected a JSON value, found the end of the file") }
            let node = try parseValue()
            try skipWhitespace()
            if position < bytes.count {
                throw failure("unexpected \(describe(bytes[position])) after the JSON value")
            }
            return node
        }

        // MARK: Values

        mutating func parseValue() throws(Diagnostic) -> JSONNode {
            let start = position
            guard position < bytes.count else { throw failure("expected a value, found the end of the file") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return JSONNode(try parseObject(), offset: start)
            case UInt8(ascii: "["): return JSONNode(try parseArray(), offset: start)
            case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), offset: start)
            case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(.bool(true), offset: start)
            case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(.bool(false), offset: start)
            case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(.null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(try parseNumber(), offset: start)
            case let byte: throw failure("expected a value, found \(describe(byte))")
            }
        }

        mutating func parseObject() throws(Diagnostic) -> JSONValue {
            let open = position
            try enterNesting()
            position += 1
            var members: [JSONMember] = []
            try skipWhitespace()
            if peek == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(members)
            }
            while true {
                try skipWhitespace()
                guard peek == UInt8(ascii: "\"") else {
                    if peek == UInt8(ascii: "}"), !members.isEmpty { throw failure("trailing comma before '}'", at: lastComma) }
                    throw failure(position < bytes.count ? "expected a string key, found \(describe(bytes[position]))" : "unterminated object", at: position < bytes.count ? position : open)
                }
                let keyOffset = position
                let key = try parseString()
                try skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key '\(key)'") }
                position += 1
                try skipWhitespace()
                let value = try parseValue()
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
                try skipWhitespace()
                switch peek {
                case UInt8(ascii: ","):
                    lastComma = position
                    position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    depth -= 1
                    return .object(members)
                case nil: throw failure("unterminated object: expected ',' or '}'", at: open)
                case let byte?: throw failure("expected ',' or '}' in object, found \(describe(byte))")
                }
            }
        }

        mutating func parseArray() throws(Diagnostic) -> JSONValue {
            let open = position
            try enterNesting()
            position += 1
            var items: [JSONNode] = []
            try skipWhitespace()
            if peek == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(items)
            }
            while true {
                try skipWhitespace()
                if peek == UInt8(ascii: "]"), !items.isEmpty { throw failure("trailing comma before ']'", at: lastComma) }
                items.append(try parseValue())
                try skipWhitespace()
                switch peek {
                case UInt8(ascii: ","):
                    lastComma = position
                    position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    depth -= 1
                    return .array(items)
                case nil: throw failure("unterminated array: expected ',' or ']'", at: open)
                case let byte?: throw failure("expected ',' or ']' in array, found \(describe(byte))")
                }
            }
        }

        /// Where the most recent comma was, to point a trailing-comma error at it.
        var lastComma = 0

        mutating func enterNesting() throws(Diagnostic) {
            depth += 1
            if depth > JSONParser.maximumDepth {
                throw failure("nesting is deeper than \(JSONParser.maximumDepth) levels")
            }
        }

        mutating func expectLiteral(_ literal: String) throws(Diagnostic) {
            let expected = Array(literal.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw failure("expected a value, found \(describe(bytes[position]))")
            }
            position += expected.count
        }

        // MARK: Numbers

        /// number = [ "-" ] int [ frac ] [ exp ], validated byte by byte for exact error columns.
        mutating func parseNumber() throws(Diagnostic) -> JSONValue {
            let start = position
            if peek == UInt8(ascii: "-") { position += 1 }
            guard let first = peek, isDigit(first) else { throw failure("expected a digit in the number") }
            position += 1
            if first == UInt8(ascii: "0"), let next = peek, isDigit(next) {
                throw failure("numbers cannot have leading zeros")
            }
            while let byte = peek, isDigit(byte) { position += 1 }
            if peek == UInt8(ascii: ".") {
                position += 1
                guard let byte = peek, isDigit(byte) else { throw failure("expected a digit after the decimal point") }
                while let byte = peek, isDigit(byte) { position += 1 }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                position += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
                guard let byte = peek, isDigit(byte) else { throw failure("expected a digit in the exponent") }
                while let byte = peek, isDigit(byte) { position += 1 }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return .number(Double(text) ?? .nan, text: text)
        }

        // MARK: Strings

        mutating func parseString() throws(Diagnostic) -> String {
            let open = position
            position += 1
            var scalars = String.UnicodeScalarView()
            while true {
                guard let byte = peek else { throw failure("unterminated string", at: open) }
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    scalars.append(try parseEscape())
                case 0..<0x20:
                    throw failure(byte == 0x0A ? "unterminated string: a line break must be written '\\n'" : "control character \(describe(byte)) must be escaped in a string")
                case 0..<0x80:
                    scalars.append(Unicode.Scalar(byte))
                    position += 1
                default:
                    scalars.append(try decodeUTF8Scalar())
                }
            }
        }

        mutating func parseEscape() throws(Diagnostic) -> Unicode.Scalar {
            let escapeStart = position
            position += 1
            guard let byte = peek else { throw failure("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try parseHex4(escapeStart: escapeStart)
                if UTF16.isLeadSurrogate(unit), bytes.count - position >= 6,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                {
                    let saved = position
                    position += 2
                    let trail = try parseHex4(escapeStart: saved)
                    if UTF16.isTrailSurrogate(trail) {
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                        return Unicode.Scalar(value)!
                    }
                    position = saved
                }
                // A lone surrogate cannot be represented in a Swift string; substitute as UTF-8 decoders do.
                return Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
            default:
                throw failure("invalid escape '\\\(String(decoding: [byte], as: UTF8.self))' in string", at: escapeStart)
            }
        }

        mutating func parseHex4(escapeStart: Int) throws(Diagnostic) -> UInt16 {
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = hexValue(byte) else {
                    throw failure("expected four hexadecimal digits after '\\u'", at: escapeStart)
                }
                unit = unit << 4 | UInt16(digit)
                position += 1
            }
            return unit
        }

        /// Decodes one multi-byte UTF-8 sequence at `position`, rejecting overlong forms,
        /// surrogates and truncated sequences.
        mutating func decodeUTF8Scalar() throws(Diagnostic) -> Unicode.Scalar {
            let lead = bytes[position]
            let (length, minimum): (Int, UInt32) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80)
                case 0xE0...0xEF: (3, 0x800)
                case 0xF0...0xF4: (4, 0x10000)
                default: (0, 0)
                }
            guard length > 0, bytes.count - position >= length else { throw failure("invalid UTF-8 in string") }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for index in 1..<length {
                let continuation = bytes[position + index]
                guard continuation & 0xC0 == 0x80 else { throw failure("invalid UTF-8 in string") }
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw failure("invalid UTF-8 in string") }
            position += length
            return scalar
        }

        // MARK: Helpers

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() throws(Diagnostic) {
            while let byte = peek {
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    position += 1
                } else if allowComments, byte == UInt8(ascii: "/"), position + 1 < bytes.count {
                    try skipComment()
                } else {
                    return
                }
            }
        }

        /// Skips one `//` or `/* */` comment starting at `position`.
        mutating func skipComment() throws(Diagnostic) {
            let start = position
            switch bytes[position + 1] {
            case UInt8(ascii: "/"):
                while let byte = peek, byte != 0x0A { position += 1 }
            case UInt8(ascii: "*"):
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                guard position + 1 < bytes.count else { throw failure("unterminated comment", at: start) }
                position += 2
            default:
                throw failure("expected a value, found '/'")
            }
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// A readable name for an unexpected byte: the character in quotes, or its code.
        func describe(_ byte: UInt8) -> String {
            switch byte {
            case 0x21..<0x7F: "'\(String(decoding: [byte], as: UTF8.self))'"
            case 0x20: "a space"
            case 0x0A: "a line break"
            default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
        }

        func failure(_ message: String, at offset: Int? = nil) -> Diagnostic {
            source.error(message, atByteOffset: offset ?? position)
        }
    }
}
