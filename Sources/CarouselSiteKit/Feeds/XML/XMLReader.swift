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

    // The reading state is internal rather than private only so that the extensions in
    // XMLReader+*.swift can share it; nothing outside the reader touches it.
    let source: SourceText
    let bytes: [UInt8]
    var position = 0
    /// Internal general entities declared in the DOCTYPE: name → replacement text.
    var entities: [String: String] = [:]
    var expandedEntityBytes = 0

    /// Parses `source` (already UTF-8; see `XMLEncoding`) and returns its root element.
    /// - Parameter baseURL: where the document came from; the base for relative references.
    static func parse(_ source: SourceText, baseURL: URL? = nil) throws(Diagnostic) -> XMLElement {
        var reader = XMLReader(source: source)
        return try reader.parseDocument(baseURL: baseURL)
    }

    init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    // MARK: - Document structure

    mutating func parseDocument(baseURL: URL?) throws(Diagnostic) -> XMLElement {
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
    struct OpenElement {
        var element: XMLElement
        var qualifiedName: String
        /// Prefix → namespace URI bindings in scope ("" is the default namespace).
        var namespaces: [String: String]
    }

    /// Reads the root element and everything inside it with an explicit stack.
    mutating func parseElementTree(baseURL: URL?) throws(Diagnostic) -> XMLElement {
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
                    guard let open = stack.popLast() else {
                        throw source.error("unexpected closing tag '</\(name)>'; expected a root element", atByteOffset: start)
                    }
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

    func flush(_ text: inout [UInt8], into stack: inout [OpenElement]) {
        guard !text.isEmpty, !stack.isEmpty else { return }
        stack[stack.count - 1].element.children.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll(keepingCapacity: true)
    }

    /// Reads `<name attr="value" ...>` or `.../>` and resolves its namespaces and base.
    mutating func readStartTag(scope: [String: String], base: URL?) throws(Diagnostic) -> (OpenElement, selfClosing: Bool) {
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
                // Only an absolute result is a base; a relative xml:base in a local feed is ignored,
                // so references stay relative to the feed's folder.
                let reference = attribute.value.trimmingWhitespace
                if let resolved = URL(string: reference, relativeTo: base)?.absoluteURL, resolved.scheme != nil {
                    elementBase = resolved
                }
            }
            attributes.append(XMLAttribute(name: name, value: attribute.value, offset: attribute.offset))
        }
        let element = XMLElement(name: Self.resolve(qualifiedName, in: namespaces, isAttribute: false), attributes: attributes, offset: start, base: elementBase)
        return (OpenElement(element: element, qualifiedName: qualifiedName, namespaces: namespaces), selfClosing)
    }

    /// Splits `prefix:local` and looks the prefix up. An unbound prefix is tolerated (real feeds
    /// forget declarations) and leaves the name without a namespace, keeping the prefix so that it
    /// does not collide with an unprefixed name.
    static func resolve(_ qualifiedName: String, in namespaces: [String: String], isAttribute: Bool) -> XMLName {
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
}
