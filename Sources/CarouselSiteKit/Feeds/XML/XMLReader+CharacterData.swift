import Foundation

/// Character data: attribute values, CDATA sections, entity and character references, and the
/// characters XML allows.
extension XMLReader {
    mutating func readAttributeValue() throws(Diagnostic) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw source.error("expected a quoted attribute value", atByteOffset: position)
        }
        let quote = bytes[position]
        let start = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw source.error("unterminated attribute value; expected a closing \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\"")", atByteOffset: start)
            }
            let byte = bytes[position]
            switch byte {
            case quote:
                position += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw source.error("unexpected '<' in an attribute value; write '&lt;'", atByteOffset: position)
            case UInt8(ascii: "&"):
                try readReference(into: &value)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // Attribute-value normalisation: literal whitespace characters become spaces.
                value.append(UInt8(ascii: " "))
                position += 1
            default:
                try checkCharacter(at: position)
                value.append(byte)
                position += 1
            }
        }
    }

    mutating func readCDATA(into text: inout [UInt8]) throws(Diagnostic) {
        let start = position
        position += 9  // "<![CDATA["
        guard let end = find("]]>") else {
            throw source.error("unterminated CDATA section; expected ']]>'", atByteOffset: start)
        }
        for index in position..<end { try checkCharacter(at: index) }
        text.append(contentsOf: bytes[position..<end])
        position = end + 3
    }

    /// Reads `&name;`, `&#NN;` or `&#xHH;` at the cursor and appends what it stands for.
    mutating func readReference(into text: inout [UInt8]) throws(Diagnostic) {
        let start = position
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            position += 1
            let scalar = try readCharacterReference(start: start)
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        let name = try readName(expected: "an entity name after '&' (write '&amp;' for a literal '&')")
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw source.error("expected ';' after the entity name '\(name)'", atByteOffset: position)
        }
        position += 1
        switch name {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "apos": text.append(UInt8(ascii: "'"))
        case "quot": text.append(UInt8(ascii: "\""))
        default:
            guard let replacement = entities[name] else {
                throw source.error("undefined entity '&\(name);'; expected '&lt;', '&gt;', '&amp;', '&apos;', '&quot;' or a numeric character reference", atByteOffset: start)
            }
            expandedEntityBytes += replacement.utf8.count
            if expandedEntityBytes > Self.maximumEntityExpansion {
                throw source.error("entity references expand to more than \(Self.maximumEntityExpansion >> 20) MiB", atByteOffset: start)
            }
            text.append(contentsOf: Array(replacement.utf8))
        }
    }

    /// Reads the digits and ';' of a character reference whose "&#" is already consumed.
    mutating func readCharacterReference(start: Int) throws(Diagnostic) -> Unicode.Scalar {
        var radix: UInt32 = 10
        if position < bytes.count, bytes[position] == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count, let digit = Self.digitValue(bytes[position], radix: radix) {
            // Saturate instead of overflowing; anything this large is rejected below.
            value = min(value &* radix &+ digit, 0x11_0000)
            digits += 1
            position += 1
        }
        guard digits > 0, position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw source.error("malformed character reference; expected '&#' digits ';' or '&#x' hex digits ';'", atByteOffset: start)
        }
        position += 1
        guard let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar.value) else {
            throw source.error("character reference to U+\(String(value, radix: 16, uppercase: true)), which XML does not allow", atByteOffset: start)
        }
        return scalar
    }

    static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's Char production: tab, newline, carriage return and everything from U+0020 except
    /// surrogates and U+FFFE/U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Refuses the C0 control characters XML forbids (the input is already valid UTF-8, so only
    /// ASCII bytes need checking; U+FFFE/U+FFFF are encoded as EF BF BE/BF).
    func checkCharacter(at offset: Int) throws(Diagnostic) {
        let byte = bytes[offset]
        if byte < 0x20, byte != 0x9, byte != 0xA, byte != 0xD {
            throw source.error("control character U+\(String(format: "%04X", byte)) is not allowed in XML", atByteOffset: offset)
        }
        if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
            throw source.error("noncharacter U+FFF\(bytes[offset + 2] == 0xBE ? "E" : "F") is not allowed in XML", atByteOffset: offset)
        }
    }
}
