/// The DOCTYPE: read so that internal entities can be used, never followed outside the document.
extension XMLReader {
    /// Reads `<!DOCTYPE name ExternalID? [internal subset]? >`. The external identifier is ignored:
    /// nothing outside the document is ever read.
    mutating func parseDoctype() throws(Diagnostic) {
        let start = position
        position += 9  // "<!DOCTYPE"
        guard skipWhitespace() else { throw source.error("expected whitespace after '<!DOCTYPE'", atByteOffset: position) }
        _ = try readName(expected: "the document type name")
        skipWhitespace()
        if hasPrefix("SYSTEM") {
            position += 6
            skipWhitespace()
            _ = try readLiteral(what: "system identifier")
        } else if hasPrefix("PUBLIC") {
            position += 6
            skipWhitespace()
            _ = try readLiteral(what: "public identifier")
            skipWhitespace()
            _ = try readLiteral(what: "system identifier")
        }
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
            position += 1
            try parseInternalSubset()
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw source.error("expected '>' to end the DOCTYPE", atByteOffset: min(position, bytes.count), notes: ["the DOCTYPE starts at \(source.location(ofByteOffset: start))"])
        }
        position += 1
    }

    mutating func parseInternalSubset() throws(Diagnostic) {
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw source.error("expected ']' to end the DOCTYPE's internal subset", atByteOffset: position)
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!ENTITY") {
                try parseEntityDeclaration()
            } else if hasPrefix("<!") {
                try skipMarkupDeclaration()
            } else if bytes[position] == UInt8(ascii: "%") {
                throw source.error("parameter entity references are not supported", atByteOffset: position)
            } else {
                throw source.error("expected a markup declaration or ']' in the DOCTYPE", atByteOffset: position)
            }
        }
    }

    /// Reads `<!ENTITY name "text">`. External and parameter entities are refused, and so is
    /// replacement text that refers to other entities: that is what makes expansion bombs possible,
    /// and no feed needs it.
    mutating func parseEntityDeclaration() throws(Diagnostic) {
        let start = position
        position += 8  // "<!ENTITY"
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "%") {
            throw source.error("parameter entities are not supported", atByteOffset: position)
        }
        let name = try readName(expected: "an entity name")
        skipWhitespace()
        if hasPrefix("SYSTEM") || hasPrefix("PUBLIC") {
            throw source.error("external entity '\(name)' is not allowed; only internal entities with plain text are supported", atByteOffset: start)
        }
        let literalStart = position
        let raw = try readLiteral(what: "entity value")
        var value: [UInt8] = []
        var index = 0
        let rawBytes = Array(raw.utf8)
        while index < rawBytes.count {
            switch rawBytes[index] {
            case UInt8(ascii: "&") where index + 1 < rawBytes.count && rawBytes[index + 1] == UInt8(ascii: "#"):
                // Character references are plain text and are expanded once, here.
                var sub = XMLReader(source: SourceText(name: source.name, bytes: rawBytes))
                sub.position = index + 2
                let offset = literalStart + 1 + index
                guard let scalar = try? sub.readCharacterReference(start: index) else {
                    throw source.error("malformed character reference in entity '\(name)'", atByteOffset: offset)
                }
                value.append(contentsOf: Array(String(Character(scalar)).utf8))
                index = sub.position
            case UInt8(ascii: "&"), UInt8(ascii: "%"):
                throw source.error("entity '\(name)' refers to another entity; nested entities are not supported", atByteOffset: literalStart + 1 + index)
            case UInt8(ascii: "<"):
                throw source.error("entity '\(name)' contains markup; only plain text is supported", atByteOffset: literalStart + 1 + index)
            default:
                value.append(rawBytes[index])
                index += 1
            }
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw source.error("expected '>' to end the declaration of entity '\(name)'", atByteOffset: position)
        }
        position += 1
        // The first declaration of an entity binds (XML 1.0 §4.2).
        if entities[name] == nil { entities[name] = String(decoding: value, as: UTF8.self) }
    }

    /// Skips `<!ELEMENT ...>`, `<!ATTLIST ...>` and `<!NOTATION ...>`, honouring quoted literals.
    mutating func skipMarkupDeclaration() throws(Diagnostic) {
        let start = position
        position += 2
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                _ = try readLiteral(what: "literal")
            default:
                position += 1
            }
        }
        throw source.error("unterminated markup declaration; expected '>'", atByteOffset: start)
    }

    mutating func readLiteral(what: String) throws(Diagnostic) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw source.error("expected a quoted \(what)", atByteOffset: position)
        }
        let quote = bytes[position]
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != quote { position += 1 }
        guard position < bytes.count else {
            throw source.error("unterminated \(what); expected a closing quote", atByteOffset: start)
        }
        position += 1
        return String(decoding: bytes[(start + 1)..<(position - 1)], as: UTF8.self)
    }
}
