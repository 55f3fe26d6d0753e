/// Reduces the HTML that feeds put in titles and captions to plain text, and finds the first
/// image in it. The result is text, never markup: escaping is the renderer's job.
enum HTMLText {
    /// Tags that separate words visually, so removing them must leave a space.
    private static let breakingTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "hr", "section", "article", "figure", "figcaption", "table",
    ]
    /// Elements whose content is not text for a reader.
    private static let hiddenContent: Set<String> = ["script", "style", "template", "noscript", "title"]

    /// The text of an HTML fragment: tags removed (scripts and styles with their content),
    /// entities decoded, whitespace runs collapsed to one space and trimmed.
    static func plainText(_ html: String) -> String {
        var text = ""
        var hiddenUntil: String?
        HTMLTagScanner.scan(html) { piece in
            switch piece {
            case .text(let run):
                if hiddenUntil == nil { text += run }
            case .tag(let tag):
                if let hidden = hiddenUntil {
                    if tag.isClosing, tag.name == hidden { hiddenUntil = nil }
                } else if !tag.isClosing, hiddenContent.contains(tag.name), !tag.isSelfClosing {
                    hiddenUntil = tag.name
                } else if breakingTags.contains(tag.name) {
                    text += " "
                }
            }
            return true
        }
        return collapsingWhitespace(decodingEntities(text))
    }

    /// The `src` of the first `<img>` in an HTML fragment, entities decoded.
    static func firstImageSource(_ html: String) -> String? {
        var found: String?
        HTMLTagScanner.scan(html) { piece in
            if case .tag(let tag) = piece, !tag.isClosing, tag.name == "img", let source = tag.attributes["src"] {
                found = decodingEntities(source)
                return false
            }
            return true
        }
        return found
    }

    /// Plain text as feeds give it: whitespace runs (including line breaks) become one space.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isWhitespace, scalar != "\u{00A0}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Decodes `&name;`, `&#N;` and `&#xH;`. Unknown or malformed references stay as written.
    static func decodingEntities(_ text: String) -> String {
        guard text.containsASCII("&") else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&", let (scalar, length) = reference(in: scalars, at: index) else {
                result.append(scalars[index])
                index += 1
                continue
            }
            result.append(scalar)
            index += length
        }
        return String(result)
    }

    /// The longest entity name HTML has is 32 characters; anything longer is not a reference.
    private static let maximumReferenceLength = 34

    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        guard let end = (start + 1..<min(scalars.count, start + maximumReferenceLength)).first(where: { scalars[$0] == ";" }) else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            guard let value = UInt32(body.dropFirst(2), radix: 16) else { return nil }
            return Unicode.Scalar(value).map { (safe($0), length) }
        }
        if body.hasPrefix("#") {
            guard let value = UInt32(body.dropFirst(), radix: 10) else { return nil }
            return Unicode.Scalar(value).map { (safe($0), length) }
        }
        return HTMLEntities.scalar(named: body).map { ($0, length) }
    }

    /// NUL and other C0 controls are replaced as browsers do, so they never reach a page.
    private static func safe(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value == 0 || (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") {
            return "\u{FFFD}"
        }
        return scalar
    }
}
