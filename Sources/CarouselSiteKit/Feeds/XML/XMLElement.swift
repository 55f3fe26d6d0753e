import Foundation

/// A namespace-resolved XML name: the namespace URI its prefix was bound to (nil when unbound or
/// unprefixed without a default namespace) and the local part.
struct XMLName: Hashable, Sendable {
    var namespace: String?
    var local: String
}

/// One attribute of an element, with the byte offset of its value for diagnostics.
struct XMLAttribute: Sendable {
    var name: XMLName
    var value: String
    var offset: Int
}

/// A child of an element: a nested element or a run of character data (entities already decoded).
enum XMLNode: Sendable {
    case element(XMLElement)
    case text(String)
}

/// One element of a parsed document with everything the feed readers ask of it.
///
/// Invariant: a tree never nests deeper than `XMLReader.maximumDepth`, so the recursive helpers
/// below cannot exhaust the stack.
struct XMLElement: Sendable {
    var name: XMLName
    var attributes: [XMLAttribute]
    var children: [XMLNode]
    /// Byte offset of the '<' that starts the element.
    var offset: Int
    /// The base URL in effect for this element: the document's URL changed by every `xml:base`
    /// from the root down to here; relative references inside resolve against it.
    var base: URL?

    init(name: XMLName, attributes: [XMLAttribute], offset: Int, base: URL?) {
        self.name = name
        self.attributes = attributes
        self.children = []
        self.offset = offset
        self.base = base
    }

    /// The first attribute with this local name and namespace (nil = unprefixed).
    func attribute(_ local: String, namespace: String? = nil) -> XMLAttribute? {
        attributes.first { $0.name.local == local && $0.name.namespace == namespace }
    }

    /// The value of an unprefixed attribute, if present.
    subscript(attribute local: String) -> String? {
        attribute(local)?.value
    }

    /// Child elements in document order.
    var elements: [XMLElement] {
        children.compactMap { node in
            if case .element(let element) = node { element } else { nil }
        }
    }

    /// Child elements with this local name in any of `namespaces`.
    func elements(_ local: String, in namespaces: Set<String?>) -> [XMLElement] {
        elements.filter { $0.name.local == local && namespaces.contains($0.name.namespace) }
    }

    /// The first child element with this local name in any of `namespaces`.
    func element(_ local: String, in namespaces: Set<String?>) -> XMLElement? {
        for case .element(let element) in children where element.name.local == local && namespaces.contains(element.name.namespace) {
            return element
        }
        return nil
    }

    /// All character data inside the element, descendants included, in document order.
    var text: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for child in children {
            switch child {
            case .text(let text): result += text
            case .element(let element): element.appendText(to: &result)
            }
        }
    }
}

extension XMLElement {
    /// The first descendant element (depth first, document order) with this local name in any
    /// namespace, e.g. the first `img` of inline XHTML.
    func firstDescendant(_ local: String) -> XMLElement? {
        for case .element(let element) in children {
            if element.name.local == local { return element }
            if let found = element.firstDescendant(local) { return found }
        }
        return nil
    }

    /// Whether the element holds child elements (inline markup) rather than only text.
    var hasElementChildren: Bool {
        children.contains { if case .element = $0 { true } else { false } }
    }

    /// A reference given by this element's attribute, resolved against this element's base.
    func reference(attribute local: String) -> FeedReference? {
        guard let attribute = attribute(local) else { return nil }
        return FeedReference(text: attribute.value, offset: attribute.offset, base: base)
    }

    /// A reference given as this element's text content.
    var textReference: FeedReference {
        FeedReference(text: text, offset: offset, base: base)
    }
}
