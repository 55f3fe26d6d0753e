import Foundation

/// A small, safe, non-validating XML reader: UTF-8 bytes in, an element tree out, or one located
/// diagnostic.
///
/// It understands namespaces, CDATA, comments, processing instructions, the predefined and numeric
/// character references, and `xml:base`. A DOCTYPE is read but nothing it names is ever fetched;
/// internal general entities are allowed only with plain replacement text (no references to other
/// entities), so expansion is linear and bounded, and "billion laughs" documents are refused at
/// their declaration. Nesting is limited, so hostile depth gives a diagnostic instead of a stack
/// overflow. The reader is iterative: no recursion happens while parsing.
struct XMLReader {
    /// Deeper trees are refused. Feeds nest a handful of levels (XHTML content a few more); 256
    /// leaves room for any real document while keeping later recursive walks far from the stack's end.
    static let maximumDepth = 256
    /// The most bytes that references to declared entities may add to a document (8 MiB): far more
    /// than any legitimate feed uses, small enough to stop quadratic blow-ups quickly.
    static let maximumEntityExpansion = 8 << 20

    private let source: SourceText
    private let bytes: [UInt8]
    private var position = 0
    /// Internal general entities declared in the DOCTYPE: name → replacement text.
    private var entities: [String: String] = [:]
    private var expandedEntityBytes = 0

    /// Parses `source` (already UTF-8; see `XMLEncoding`) and returns its root element.
    /// - Parameter baseURL: where the document came from; the base for relative references.
    static func parse(_ source: SourceText, baseURL: URL? = nil) throws(Diagnostic) -> XMLElement {
        var reader = XMLReader(source: source)
        return try reader.parseDocument(baseURL: baseURL)
    }

    private init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    // MARK: - Document structure

    private mutating func parseDocument(baseURL: URL?) throws(Diagnostic) -> XMLElement {
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw source.error("invalid UTF-8 byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)); expected UTF-8 text", atByteOffset: invalid)
        }
        if hasPrefix([0xEF, 0xBB, 0xBF]) { position = 3 }  // UTF-8 byte order mark
        var sawDoctype = false
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw source.error("expected a root element, found the end of the file", atByteOffset: position)
            }
            if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<!DOCTYPE") {
                if sawDoctype { throw source.error("unexpected second '<!DOCTYPE'", atByteOffset: position) }
                sawDoctype = true
                try parseDoctype()
            } else if bytes[position] == UInt8(ascii: "<") {
                break
            } else {
                throw source.error("expected '<' to start the root element", atByteOffset: position)
            }
        }
        let root = try parseElementTree(baseURL: baseURL)
        while true {
            skipWhitespace()
            guard position < bytes.count else { return root }
            if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!--") {
                try skipComment()
            } else {
                throw source.error("unexpected content after the root element '\(root.name.local)'", atByteOffset: position)
            }
        }
    }

    /// An element whose start tag is being read or whose content is open.
    private struct OpenElement {
        var element: XMLElement
        var qualifiedName: String
        /// Prefix → namespace URI bindings in scope ("" is the default namespace).
        var namespaces: [String: String]
    }

    /// Reads the root element and everything inside it with an explicit stack.
    private mutating func parseElementTree(baseURL: URL?) throws(Diagnostic) -> XMLElement {
        var stack: [OpenElement] = []
        var text: [UInt8] = []
        let rootScope = ["xml": XMLNamespace.xml]
        while true {
            guard position < bytes.count else {
                let open = stack.last!
                throw source.error("expected '</\(open.qualifiedName)>' before the end of the file", atByteOffset: position, notes: ["'<\(open.qualifiedName)>' opened at \(source.location(ofByteOffset: open.element.offset))"])
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("</") {
                    flush(&text, into: &stack)
                    let start = position
                    position += 2
                    let name = try readName(expected: "a closing tag name")
                    skipWhitespace()
                    try expect(">", after: "'</\(name)'")
                    let open = stack.removeLast()
                    guard open.qualifiedName == name else {
                        throw source.error("mismatched closing tag '</\(name)>'; expected '</\(open.qualifiedName)>'", atByteOffset: start, notes: ["'<\(open.qualifiedName)>' opened at \(source.location(ofByteOffset: open.element.offset))"])
                    }
                    if stack.isEmpty { return open.element }
                    stack[stack.count - 1].element.children.append(.element(open.element))
                } else if hasPrefix("<!--") {
                    try skipComment()
                } else if hasPrefix("<![CDATA[") {
                    guard !stack.isEmpty else { throw source.error("expected an element, found CDATA", atByteOffset: position) }
                    try readCDATA(into: &text)
                } else if hasPrefix("<?") {
                    try skipProcessingInstruction()
                } else if hasPrefix("<!") {
                    throw source.error("unexpected '<!' in element content; expected a comment or CDATA section", atByteOffset: position)
                } else {
                    flush(&text, into: &stack)
                    if stack.count >= Self.maximumDepth {
                        throw source.error("elements nested deeper than \(Self.maximumDepth) levels", atByteOffset: position)
                    }
                    let parentScope = stack.last?.namespaces ?? rootScope
                    let parentBase = stack.last?.element.base ?? baseURL
                    let (open, selfClosing) = try readStartTag(scope: parentScope, base: parentBase)
                    if selfClosing {
                        if stack.isEmpty { return open.element }
                        stack[stack.count - 1].element.children.append(.element(open.element))
                    } else {
                        stack.append(open)
                    }
                }
            } else if stack.isEmpty {
                throw source.error("expected an element", atByteOffset: position)
            } else if byte == UInt8(ascii: "&") {
                try readReference(into: &text)
            } else {
                try checkCharacter(at: position)
                text.append(byte)
                position += 1
            }
        }
    }

    private func flush(_ text: inout [UInt8], into stack: inout [OpenElement]) {
        guard !text.isEmpty, !stack.isEmpty else { return }
        stack[stack.count - 1].element.children.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll(keepingCapacity: true)
    }

    /// Reads `<name attr="value" ...>` or `.../>` and resolves its namespaces and base.
    private mutating func readStartTag(scope: [String: String], base: URL?) throws(Diagnostic) -> (OpenElement, selfClosing: Bool) {
        let start = position
        position += 1
        let qualifiedName = try readName(expected: "an element name after '<'")
        var rawAttributes: [(name: String, value: String, offset: Int)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else {
                throw source.error("expected '>' to end the tag '<\(qualifiedName)>'", atByteOffset: position)
            }
            if hasPrefix("/>") {
                position += 2
                selfClosing = true
                break
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            guard hadSpace else {
                throw source.error("expected whitespace, '>' or '/>' in the tag '<\(qualifiedName)>'", atByteOffset: position)
            }
            let nameOffset = position
            let name = try readName(expected: "an attribute name, '>' or '/>'")
            if rawAttributes.contains(where: { $0.name == name }) {
                throw source.error("duplicate attribute '\(name)'", atByteOffset: nameOffset)
            }
            skipWhitespace()
            try expect("=", after: "the attribute name '\(name)'")
            skipWhitespace()
            let valueOffset = position
            let value = try readAttributeValue()
            rawAttributes.append((name, value, valueOffset + 1))
        }

        var namespaces = scope
        for attribute in rawAttributes {
            if attribute.name == "xmlns" {
                namespaces[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                namespaces[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        var attributes: [XMLAttribute] = []
        var elementBase = base
        for attribute in rawAttributes where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            let name = Self.resolve(attribute.name, in: namespaces, isAttribute: true)
            if name == XMLName(namespace: XMLNamespace.xml, local: "base") {
                let reference = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines)
                elementBase = URL(string: reference, relativeTo: base)?.absoluteURL ?? base
            }
            attributes.append(XMLAttribute(name: name, value: attribute.value, offset: attribute.offset))
        }
        let element = XMLElement(name: Self.resolve(qualifiedName, in: namespaces, isAttribute: false), attributes: attributes, offset: start, base: elementBase)
        return (OpenElement(element: element, qualifiedName: qualifiedName, namespaces: namespaces), selfClosing)
    }

    /// Splits `prefix:local` and looks the prefix up. An unbound prefix is tolerated (real feeds
    /// forget declarations) and leaves the name without a namespace, keeping the prefix so that it
    /// does not collide with an unprefixed name.
    private static func resolve(_ qualifiedName: String, in namespaces: [String: String], isAttribute: Bool) -> XMLName {
        if let colon = qualifiedName.firstIndex(of: ":") {
            let prefix = String(qualifiedName[..<colon])
            let local = String(qualifiedName[qualifiedName.index(after: colon)...])
            if let namespace = namespaces[prefix] { return XMLName(namespace: namespace, local: local) }
            return XMLName(namespace: nil, local: qualifiedName)
        }
        // Unprefixed attributes are in no namespace; unprefixed elements take the default one.
        let namespace = isAttribute ? nil : namespaces[""].flatMap { $0.isEmpty ? nil : $0 }
        return XMLName(namespace: namespace, local: qualifiedName)
    }

    // MARK: - Character data

    private mutating func readAttributeValue() throws(Diagnostic) -> String {
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

    private mutating func readCDATA(into text: inout [UInt8]) throws(Diagnostic) {
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
    private mutating func readReference(into text: inout [UInt8]) throws(Diagnostic) {
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
    private mutating func readCharacterReference(start: Int) throws(Diagnostic) -> Unicode.Scalar {
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

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's Char production: tab, newline, carriage return and everything from U+0020 except
    /// surrogates and U+FFFE/U+FFFF.
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }

    /// Refuses the C0 control characters XML forbids (the input is already valid UTF-8, so only
    /// ASCII bytes need checking; U+FFFE/U+FFFF are encoded as EF BF BE/BF).
    private func checkCharacter(at offset: Int) throws(Diagnostic) {
        let byte = bytes[offset]
        if byte < 0x20, byte != 0x9, byte != 0xA, byte != 0xD {
            throw source.error("control character U+\(String(format: "%04X", byte)) is not allowed in XML", atByteOffset: offset)
        }
        if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
            throw source.error("noncharacter U+FFF\(bytes[offset + 2] == 0xBE ? "E" : "F") is not allowed in XML", atByteOffset: offset)
        }
    }

    // MARK: - Markup that is skipped

    private mutating func skipComment() throws(Diagnostic) {
        let start = position
        position += 4  // "<!--"
        guard let end = find("-->") else {
            throw source.error("unterminated comment; expected '-->'", atByteOffset: start)
        }
        position = end + 3
    }

    /// Skips `<?target ...?>`, including the XML declaration (its encoding was handled before).
    private mutating func skipProcessingInstruction() throws(Diagnostic) {
        let start = position
        position += 2
        _ = try readName(expected: "a processing instruction target after '<?'")
        guard let end = find("?>") else {
            throw source.error("unterminated processing instruction; expected '?>'", atByteOffset: start)
        }
        position = end + 2
    }

    // MARK: - DOCTYPE

    /// Reads `<!DOCTYPE name ExternalID? [internal subset]? >`. The external identifier is ignored:
    /// nothing outside the document is ever read.
    private mutating func parseDoctype() throws(Diagnostic) {
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

    private mutating func parseInternalSubset() throws(Diagnostic) {
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
    private mutating func parseEntityDeclaration() throws(Diagnostic) {
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
    private mutating func skipMarkupDeclaration() throws(Diagnostic) {
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

    private mutating func readLiteral(what: String) throws(Diagnostic) -> String {
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

    // MARK: - Lexical helpers

    /// Reads an XML name. Bytes ≥ 0x80 are accepted as name characters: the text is valid UTF-8,
    /// and XML 1.0 (5th edition) allows nearly every non-ASCII character in names.
    private mutating func readName(expected: String) throws(Diagnostic) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else {
            throw source.error("expected \(expected)", atByteOffset: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
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
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position > start
            }
        }
        return position > start
    }

    private mutating func expect(_ character: Character, after context: String) throws(Diagnostic) {
        guard position < bytes.count, bytes[position] == character.asciiValue! else {
            throw source.error("expected '\(character)' after \(context)", atByteOffset: position)
        }
        position += 1
    }

    private func hasPrefix(_ text: String) -> Bool {
        hasPrefix(Array(text.utf8))
    }

    private func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard bytes.count - position >= prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[position + index] != byte { return false }
        return true
    }

    /// The offset of the next occurrence of `text` at or after the cursor.
    private func find(_ text: String) -> Int? {
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
