import Foundation

/// Turns the element tree of an XML property list (`<plist>` and Apple's DTD) into values.
///
/// Recursion follows the element tree, which `XMLReader` bounds to its maximum depth.
enum XMLPropertyList {
    static func decode(root: XMLElement, source: SourceText) throws(Diagnostic) -> PropertyListNode {
        guard root.name.local == "plist" else {
            throw source.error("expected a '<plist>' root element, found '<\(root.name.local)>'", atByteOffset: root.offset)
        }
        let values = try elements(of: root, source: source, context: "'<plist>'")
        guard values.count == 1 else {
            let offset = values.count > 1 ? values[1].offset : root.offset
            throw source.error("'<plist>' must hold exactly one value, found \(values.count)", atByteOffset: offset)
        }
        return try value(values[0], source: source)
    }

    /// Child elements, refusing text other than whitespace between them.
    private static func elements(of element: XMLElement, source: SourceText, context: String) throws(Diagnostic) -> [XMLElement] {
        var result: [XMLElement] = []
        for child in element.children {
            switch child {
            case .element(let element): result.append(element)
            case .text(let text):
                if !text.allSatisfy(\.isWhitespace) {
                    throw source.error("unexpected text in \(context); expected only elements", atByteOffset: element.offset)
                }
            }
        }
        return result
    }

    /// Text of a leaf element such as `<string>`, refusing nested elements.
    private static func leafText(_ element: XMLElement, source: SourceText) throws(Diagnostic) -> String {
        if let nested = element.elements.first {
            throw source.error("unexpected '<\(nested.name.local)>' inside '<\(element.name.local)>'; expected text", atByteOffset: nested.offset)
        }
        return element.text
    }

    private static func value(_ element: XMLElement, source: SourceText) throws(Diagnostic) -> PropertyListNode {
        let offset = element.offset
        switch element.name.local {
        case "dict":
            var entries: [PropertyListEntry] = []
            var pendingKey: (String, Int)?
            for child in try elements(of: element, source: source, context: "'<dict>'") {
                if child.name.local == "key" {
                    if pendingKey != nil {
                        throw source.error("expected a value after '<key>', found another '<key>'", atByteOffset: child.offset)
                    }
                    pendingKey = (try leafText(child, source: source), child.offset)
                } else {
                    guard let (key, keyOffset) = pendingKey else {
                        throw source.error("expected '<key>' before '<\(child.name.local)>' in a dictionary", atByteOffset: child.offset)
                    }
                    entries.append(PropertyListEntry(key: key, keyOffset: keyOffset, value: try value(child, source: source)))
                    pendingKey = nil
                }
            }
            if let (key, keyOffset) = pendingKey {
                throw source.error("missing value for key '\(key)'", atByteOffset: keyOffset)
            }
            return PropertyListNode(.dictionary(entries), offset: offset)
        case "array":
            var items: [PropertyListNode] = []
            for child in try elements(of: element, source: source, context: "'<array>'") {
                if child.name.local == "key" {
                    throw source.error("unexpected '<key>' in an array; expected a value", atByteOffset: child.offset)
                }
                items.append(try value(child, source: source))
            }
            return PropertyListNode(.array(items), offset: offset)
        case "string":
            return PropertyListNode(.string(try leafText(element, source: source)), offset: offset)
        case "integer":
            let text = try leafText(element, source: source).trimmingWhitespace
            guard let decimal = PropertyListInteger.decimal(text) else {
                throw source.error("invalid integer '\(text)'; expected decimal or 0x-prefixed hexadecimal digits", atByteOffset: offset)
            }
            return PropertyListNode(.integer(decimal), offset: offset)
        case "real":
            let text = try leafText(element, source: source).trimmingWhitespace
            guard let number = Double(text) else {
                throw source.error("invalid real number '\(text)'", atByteOffset: offset)
            }
            return PropertyListNode(.real(number), offset: offset)
        case "true", "false":
            if element.hasElementChildren || !element.text.allSatisfy(\.isWhitespace) {
                throw source.error("'<\(element.name.local)>' must be empty", atByteOffset: offset)
            }
            return PropertyListNode(.bool(element.name.local == "true"), offset: offset)
        case "date":
            let text = try leafText(element, source: source).trimmingWhitespace
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw source.error("invalid date '\(text)'; expected ISO 8601 like '2024-05-01T12:00:00Z'", atByteOffset: offset)
            }
            return PropertyListNode(.date(date), offset: offset)
        case "data":
            let text = try leafText(element, source: source).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: text) else {
                throw source.error("invalid base64 in '<data>'", atByteOffset: offset)
            }
            return PropertyListNode(.data([UInt8](data)), offset: offset)
        default:
            throw source.error("unknown property-list element '<\(element.name.local)>'; expected dict, array, string, integer, real, true, false, date or data", atByteOffset: offset)
        }
    }
}
