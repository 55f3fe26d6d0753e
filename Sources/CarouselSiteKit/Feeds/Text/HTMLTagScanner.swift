/// A tag of an HTML fragment, as far as reducing it to text needs: its lowercased name and
/// attributes (values still entity-encoded).
struct HTMLTag {
    var name: String
    var isClosing: Bool
    var isSelfClosing: Bool
    var attributes: [String: String]
}

/// Splits an HTML fragment into text runs and tags, forgivingly: a '<' that cannot start a tag
/// is text, as in browsers ("1 < 2"). Comments, doctypes and processing instructions vanish.
enum HTMLTagScanner {
    enum Piece {
        case text(Substring)
        case tag(HTMLTag)
    }

    /// Calls `visit` for each piece in order until it returns false.
    static func scan(_ html: String, _ visit: (Piece) -> Bool) {
        var index = html.startIndex
        var textStart = index
        while let open = html[index...].firstIndex(of: "<") {
            let next = html.index(after: open)
            guard next < html.endIndex, let first = html[next].unicodeScalars.first,
                  first.properties.isAlphabetic || first == "/" || first == "!" || first == "?" else {
                index = next
                continue
            }
            if textStart < open, !visit(.text(html[textStart..<open])) { return }
            if html[open...].hasPrefix("<!--") {
                let end = html[open...].range(of: "-->")?.upperBound ?? html.endIndex
                index = end
                textStart = end
                continue
            }
            let end = endOfTag(html, from: next)
            let inner = html[next..<end]
            index = end < html.endIndex ? html.index(after: end) : end
            textStart = index
            if first == "!" || first == "?" { continue }
            if !visit(.tag(parseTag(inner))) { return }
        }
        if textStart < html.endIndex { _ = visit(.text(html[textStart...])) }
    }

    /// The index of the '>' that ends a tag, skipping quoted attribute values.
    private static func endOfTag(_ html: String, from start: String.Index) -> String.Index {
        var quote: Character?
        var index = start
        while index < html.endIndex {
            let character = html[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
            index = html.index(after: index)
        }
        return html.endIndex
    }

    private static func parseTag(_ inner: Substring) -> HTMLTag {
        var rest = inner
        let isClosing = rest.first == "/"
        if isClosing { rest = rest.dropFirst() }
        let isSelfClosing = rest.last == "/"
        let name = rest.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
        rest = rest.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            guard !rest.isEmpty else { break }
            let attributeName = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }.lowercased()
            if attributeName.isEmpty { break }
            rest = rest.dropFirst(attributeName.count).drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    let closing = body.firstIndex(of: quote) ?? body.endIndex
                    value = String(body[..<closing])
                    rest = closing < body.endIndex ? body[body.index(after: closing)...] : body[closing...]
                } else {
                    let unquoted = rest.prefix { !$0.isWhitespace }
                    value = String(unquoted)
                    rest = rest.dropFirst(unquoted.count)
                }
            }
            if attributes[attributeName] == nil { attributes[attributeName] = value }
        }
        return HTMLTag(name: name, isClosing: isClosing, isSelfClosing: isSelfClosing, attributes: attributes)
    }
}
