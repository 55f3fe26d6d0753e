/// Splits a template into text and tags, applying Set Delimiter tags as it meets them.
struct Tokenizer {
    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }
    private var open = Array("{{".utf8)
    private var close = Array("}}".utf8)

    init(source: TemplateSource) {
        self.source = source
    }

    /// Every token of the template, or the first syntax error in it.
    mutating func tokens() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        var position = 0
        while position < bytes.count {
            if bytes[position] == ASCII.newline {
                position += 1
                tokens.append(.text(textStart..<position))
                textStart = position
            } else if matches(open, at: position) {
                if textStart < position { tokens.append(.text(textStart..<position)) }
                let tag = try readTag(at: position)
                tokens.append(.tag(tag))
                position = tag.range.upperBound
                textStart = position
            } else {
                position += 1
            }
        }
        if textStart < position { tokens.append(.text(textStart..<position)) }
        return tokens
    }

    private func matches(_ delimiter: [UInt8], at position: Int) -> Bool {
        guard position + delimiter.count <= bytes.count else { return false }
        for index in delimiter.indices where bytes[position + index] != delimiter[index] {
            return false
        }
        return true
    }

    private func find(_ delimiter: [UInt8], from position: Int, before limit: Int? = nil) -> Int? {
        let end = min(limit ?? bytes.count, bytes.count)
        var candidate = position
        while candidate + delimiter.count <= end {
            if matches(delimiter, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private var openText: String { String(decoding: open, as: UTF8.self) }
    private var closeText: String { String(decoding: close, as: UTF8.self) }

    /// Reads the tag whose opening delimiter starts at `start`.
    private mutating func readTag(at start: Int) throws(MustacheError) -> Tag {
        var position = start + open.count
        while position < bytes.count, ASCII.isBlank(bytes[position]) { position += 1 }
        let sigil = position < bytes.count ? bytes[position] : 0

        switch sigil {
        case UInt8(ascii: "{"):
            // Triple mustache: the name ends at "}" followed by the closing delimiter.
            let closing = [UInt8(ascii: "}")] + close
            guard let end = find(closing, from: position + 1) else {
                throw source.error("unclosed tag: expected '}\(closeText)'", at: start)
            }
            let name = try checkedName(position + 1..<end, tagStart: start)
            return Tag(kind: .variable(escaped: false), content: name, range: start..<end + closing.count)
        case UInt8(ascii: "="):
            let closing = [UInt8(ascii: "=")] + close
            guard let end = find(closing, from: position + 1) else {
                throw source.error("unclosed delimiter tag: expected '=\(closeText)'", at: start)
            }
            try setDelimiters(from: position + 1..<end, tagStart: start)
            return Tag(kind: .delimiters, content: "", range: start..<end + closing.count)
        case UInt8(ascii: "!"):
            guard let end = find(close, from: position + 1) else {
                throw source.error("unclosed comment: expected '\(closeText)'", at: start)
            }
            return Tag(kind: .comment, content: "", range: start..<end + close.count)
        default:
            let kind: Tag.Kind
            switch sigil {
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .invertedSection
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            default: kind = .variable(escaped: true)
            }
            if kind != .variable(escaped: true) { position += 1 }
            guard let end = find(close, from: position) else {
                throw source.error("unclosed tag: expected '\(closeText)'", at: start)
            }
            var name = try checkedName(position..<end, tagStart: start, allowsDynamic: true)
            if name.hasPrefix("*") {
                guard kind == .partial || kind == .parent || kind == .close else {
                    throw source.error(
                        "dynamic name '\(name)' is only allowed in partial and parent tags", at: start)
                }
                // "{{> * name }}" and "{{>*name}}" are the same dynamic name.
                name = "*" + name.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
            }
            return Tag(kind: kind, content: name, range: start..<end + close.count)
        }
    }

    /// The trimmed tag content, checked to be a single non-empty word.
    private func checkedName(
        _ range: Range<Int>, tagStart: Int, allowsDynamic: Bool = false
    ) throws(MustacheError) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else {
            throw source.error("empty tag: expected a name between '\(openText)' and '\(closeText)'", at: tagStart)
        }
        // "{{> * name}}": blanks may follow the dynamic-name asterisk.
        var wordStart = lower
        if allowsDynamic, bytes[lower] == UInt8(ascii: "*") {
            wordStart += 1
            while wordStart < upper, ASCII.isBlank(bytes[wordStart]) { wordStart += 1 }
        }
        // A tag that swallowed a line break or another tag was almost always left unclosed.
        let swallowedTag = find(open, from: lower, before: upper) != nil
        if swallowedTag || bytes[lower..<upper].contains(ASCII.newline) {
            throw source.error("unclosed tag: expected '\(closeText)'", at: tagStart)
        }
        if bytes[wordStart..<upper].contains(where: isWhitespace) {
            throw source.error(
                "invalid name '\(source.text(lower..<upper))': names cannot contain spaces", at: tagStart)
        }
        return source.text(lower..<upper)
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        ASCII.isBlank(byte) || byte == ASCII.newline || byte == ASCII.carriageReturn
    }

    /// Applies `{{=open close=}}`: two blank-separated delimiters, neither containing "=".
    private mutating func setDelimiters(from range: Range<Int>, tagStart: Int) throws(MustacheError) {
        let words = bytes[range]
            .split(whereSeparator: isWhitespace)
            .map(Array.init)
        guard words.count == 2, !words.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw source.error(
                "invalid delimiter tag: expected two delimiters separated by a space, like '\(openText)=<% %>=\(closeText)'",
                at: tagStart)
        }
        open = words[0]
        close = words[1]
    }
}
