/// Turns a template's tokens into its node tree, applying the spec's standalone-line rules.
///
/// The builder works line by line. A line is standalone when it holds only blanks and tags
/// that produce no text of their own; such a line leaves nothing in the output, not even its
/// line break, and its blanks become the indentation of a partial, parent or block on it.
/// Every other non-empty line starts with a `.lineStart` node, where indentation goes.
struct TreeBuilder {
    private let source: TemplateSource
    private let tokens: [Token]
    private var frames: [Frame]

    /// A section, parent or block whose closing tag has not been seen yet (or the root).
    private struct Frame {
        enum Kind {
            case root
            case section(Name, inverted: Bool)
            case parent(TemplateReference, indentation: String?)
            case block(Block.Placement)
        }

        var kind: Kind
        var openingTag: Tag?
        var children: [Node] = []
        /// The absolute indentation removed from the start of every line inside this frame:
        /// that of the innermost enclosing standalone block's content.
        var dedent: [UInt8]

        var isParentOrBlock: Bool {
            switch kind {
            case .parent, .block: true
            case .root, .section: false
            }
        }

        var noun: String {
            switch kind {
            case .root, .section: "section"
            case .parent: "parent"
            case .block: "block"
            }
        }
    }

    init(source: TemplateSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
        self.frames = [Frame(kind: .root, dedent: [])]
    }

    mutating func build() throws(MustacheError) -> [Node] {
        var lineStart = 0
        while lineStart < tokens.count {
            let line = self.line(startingAt: lineStart)
            try addLine(line)
            lineStart = line.upperBound
        }
        if let unclosed = frames.last, let tag = unclosed.openingTag {
            throw source.error("unclosed \(unclosed.noun) '\(tag.content)'", at: tag.range.lowerBound)
        }
        return frames[0].children
    }

    // MARK: Lines

    /// The tokens of the line that starts at token `start`: up to and including the text
    /// token that ends with a line break, or to the end of the template.
    private func line(startingAt start: Int) -> Range<Int> {
        var end = start
        while end < tokens.count {
            end += 1
            if case .text(let range) = tokens[end - 1], source.bytes[range.upperBound - 1] == ASCII.newline {
                break
            }
        }
        return start..<end
    }

    private mutating func addLine(_ line: Range<Int>) throws(MustacheError) {
        if let (indentation, tags) = standaloneTags(in: line) {
            for (index, tag) in tags.enumerated() {
                try add(tag, standaloneIndentation: index == 0 ? indentation : [], placement: nil, nextLine: line.upperBound)
            }
            return
        }
        if !isEmptyLine(line) { append(.lineStart) }
        var leadingBlanks: [UInt8]? = nil
        for index in line {
            switch tokens[index] {
            case .text(let range):
                var bytes = source.bytes[range]
                if index == line.lowerBound {
                    bytes = bytes.dropFirst(commonPrefixLength(bytes, frames[frames.count - 1].dedent))
                    if bytes.allSatisfy(ASCII.isBlank) { leadingBlanks = Array(bytes) }
                }
                if !bytes.isEmpty { append(.text(Array(bytes))) }
            case .tag(let tag):
                let atLineStart = index == line.lowerBound || (index == line.lowerBound + 1 && leadingBlanks != nil)
                let placement: Block.Placement = atLineStart
                    ? .lineStart(indentation: String(decoding: leadingBlanks ?? [], as: UTF8.self))
                    : .inline
                try add(tag, standaloneIndentation: nil, placement: placement, nextLine: line.upperBound)
            }
        }
    }

    /// The line's blanks before its first tag and its tags, when the line is standalone.
    ///
    /// One tag stands alone when it produces no text. Several tags stand alone together only
    /// when they are parent and block tags that open or close around content on other lines
    /// (`{{<parent}}{{$block}}`, `{{/block}}{{/parent}}`, `{{<parent}}{{/parent}}`); a block
    /// opened and closed on one line marks where its content goes, like a variable.
    private func standaloneTags(in line: Range<Int>) -> (indentation: [UInt8], tags: [Tag])? {
        var index = line.lowerBound
        var indentation: [UInt8] = []
        if case .text(let range) = tokens[index], source.bytes[range].allSatisfy(ASCII.isBlank) {
            indentation = Array(source.bytes[range])
            index += 1
        }
        var tags: [Tag] = []
        while index < line.upperBound, case .tag(let tag) = tokens[index] {
            tags.append(tag)
            index += 1
        }
        guard !tags.isEmpty else { return nil }
        if index < line.upperBound {
            guard index + 1 == line.upperBound, case .text(let range) = tokens[index] else { return nil }
            var trailing = source.bytes[range]
            if trailing.last == ASCII.newline { trailing = trailing.dropLast() }
            if trailing.last == ASCII.carriageReturn { trailing = trailing.dropLast() }
            guard trailing.allSatisfy(ASCII.isBlank) else { return nil }
        }
        if tags.count == 1 {
            return tags[0].canStandAlone ? (indentation, tags) : nil
        }
        var openedOnLine: [Tag.Kind] = []
        var closedFrames = 0
        for tag in tags {
            switch tag.kind {
            case .parent, .block:
                openedOnLine.append(tag.kind)
            case .close:
                if let opened = openedOnLine.popLast() {
                    if opened == .block { return nil }
                } else {
                    let frame = frames.count - 1 - closedFrames
                    guard frame > 0, frames[frame].isParentOrBlock else { return nil }
                    closedFrames += 1
                }
            default:
                return nil
            }
        }
        return (indentation, tags)
    }

    /// A line that is only a line break gets no indentation, so blank lines stay blank.
    private func isEmptyLine(_ line: Range<Int>) -> Bool {
        guard line.count == 1, case .text(let range) = tokens[line.lowerBound] else { return false }
        let bytes = source.bytes[range]
        return bytes.elementsEqual([ASCII.newline]) || bytes.elementsEqual([ASCII.carriageReturn, ASCII.newline])
    }

    /// The indentation shared by the content lines of a standalone block whose content starts
    /// at token `start`: the longest run of leading blanks that all of them begin with.
    ///
    /// Lines whose blanks never reach the output (blank lines and lines that are a single
    /// standalone section, comment or delimiter tag) do not count. A block with no content
    /// lines takes the indentation of its closing tag's line. Sharing, rather than taking the
    /// first line's, means that removing it and putting it back renders a block's own content
    /// exactly as written.
    private func contentIndentation(from start: Int) -> [UInt8] {
        var shared: [UInt8]? = nil
        var depth = 0
        var lineStart = start
        while lineStart < tokens.count {
            let line = self.line(startingAt: lineStart)
            lineStart = line.upperBound
            var blanks: [UInt8] = []
            var firstSignificant = line.lowerBound
            if case .text(let range) = tokens[line.lowerBound] {
                blanks = Array(source.bytes[range].prefix(while: ASCII.isBlank))
                if blanks.count == range.count { firstSignificant += 1 }
            }
            var closer: Int? = nil
            for index in line {
                guard case .tag(let tag) = tokens[index] else { continue }
                switch tag.kind {
                case .section, .invertedSection, .parent, .block:
                    depth += 1
                case .close where depth == 0:
                    closer = index
                case .close:
                    depth -= 1
                default:
                    break
                }
                if closer != nil { break }
            }
            if closer == firstSignificant { return shared ?? blanks }
            if closer != nil || !outputsNoBlanks(line) {
                shared = shared.map { Array($0.prefix(commonPrefixLength($0[...], blanks))) } ?? blanks
            }
            if closer != nil { break }
        }
        return shared ?? []
    }

    /// Whether the line's leading blanks never reach the output: the line is empty, blank, or
    /// a single standalone tag that does not indent anything.
    private func outputsNoBlanks(_ line: Range<Int>) -> Bool {
        if isEmptyLine(line) { return true }
        if line.count == 1, case .text(let range) = tokens[line.lowerBound] {
            return source.bytes[range].allSatisfy { ASCII.isBlank($0) || $0 == ASCII.newline || $0 == ASCII.carriageReturn }
        }
        let tags = line.compactMap { index -> Tag? in
            if case .tag(let tag) = tokens[index] { return tag } else { return nil }
        }
        guard tags.count == 1 else { return false }
        switch tags[0].kind {
        case .section, .invertedSection, .close, .comment, .delimiters:
            return standaloneTags(in: line) != nil
        case .variable, .partial, .parent, .block:
            return false
        }
    }

    private func commonPrefixLength(_ bytes: ArraySlice<UInt8>, _ prefix: [UInt8]) -> Int {
        zip(bytes, prefix).prefix(while: { $0 == $1 }).count
    }

    /// `indentation` made relative to the innermost standalone block's dedent.
    private func relative(_ indentation: [UInt8]) -> String {
        let slice = indentation[...]
        return String(decoding: slice.dropFirst(commonPrefixLength(slice, frames[frames.count - 1].dedent)), as: UTF8.self)
    }

    // MARK: Tags

    private mutating func append(_ node: Node) {
        frames[frames.count - 1].children.append(node)
    }

    private func position(of tag: Tag) -> SourcePosition {
        SourcePosition(template: source.name, offset: tag.range.lowerBound)
    }

    /// Adds one tag; `standaloneIndentation` is set when it stands alone on its line.
    private mutating func add(
        _ tag: Tag, standaloneIndentation: [UInt8]?, placement: Block.Placement?, nextLine: Int
    ) throws(MustacheError) {
        let dedent = frames[frames.count - 1].dedent
        let opens = tag.kind == .section || tag.kind == .invertedSection || tag.kind == .parent || tag.kind == .block
        // The root frame does not count: `frames.count - 1` levels are open.
        if opens, frames.count > NestingLimit.maximum {
            throw source.error(
                "sections nest more than \(NestingLimit.maximum) levels deep here", at: tag.range.lowerBound)
        }
        switch tag.kind {
        case .variable(let escaped):
            append(.variable(try name(in: tag), escaped: escaped, at: position(of: tag)))
        case .comment, .delimiters:
            break
        case .section, .invertedSection:
            let kind = Frame.Kind.section(try name(in: tag), inverted: tag.kind == .invertedSection)
            frames.append(Frame(kind: kind, openingTag: tag, dedent: dedent))
        case .partial:
            let partial = Partial(
                reference: try reference(in: tag),
                indentation: standaloneIndentation.map(relative),
                position: position(of: tag))
            append(.partial(partial))
        case .parent:
            let kind = Frame.Kind.parent(try reference(in: tag), indentation: standaloneIndentation.map(relative))
            frames.append(Frame(kind: kind, openingTag: tag, dedent: dedent))
        case .block:
            if standaloneIndentation != nil {
                // The content's own indentation comes from its lines, not from the tag.
                let intrinsic = contentIndentation(from: nextLine)
                let kind = Frame.Kind.block(.standalone(indentation: relative(intrinsic)))
                frames.append(Frame(kind: kind, openingTag: tag, dedent: intrinsic))
            } else {
                frames.append(Frame(kind: .block(placement ?? .inline), openingTag: tag, dedent: dedent))
            }
        case .close:
            try close(with: tag)
        }
    }

    private mutating func close(with tag: Tag) throws(MustacheError) {
        guard frames.count > 1, let opening = frames[frames.count - 1].openingTag else {
            throw source.error("unexpected closing tag '\(tag.content)': no section is open", at: tag.range.lowerBound)
        }
        let frame = frames.removeLast()
        guard opening.content == tag.content else {
            throw source.error(
                "closing tag '\(tag.content)' does not match the open \(frame.noun) '\(opening.content)'",
                at: tag.range.lowerBound)
        }
        switch frame.kind {
        case .root:
            break
        case .section(let name, let inverted):
            append(.section(Section(name: name, inverted: inverted, children: frame.children, position: position(of: opening))))
        case .parent(let reference, let indentation):
            var overrides: [String: Block] = [:]
            for case .block(let block) in frame.children where overrides[block.name] == nil {
                overrides[block.name] = block
            }
            append(.parent(Parent(reference: reference, indentation: indentation, overrides: overrides, position: position(of: opening))))
        case .block(let placement):
            append(.block(Block(name: opening.content, placement: placement, children: frame.children, position: position(of: opening))))
        }
    }

    private func name(in tag: Tag) throws(MustacheError) -> Name {
        guard let name = Name(tag.content) else {
            throw source.error(
                "invalid name '\(tag.content)': expected '.' or names joined by single dots", at: tag.range.lowerBound)
        }
        return name
    }

    private func reference(in tag: Tag) throws(MustacheError) -> TemplateReference {
        guard tag.content.hasPrefix("*") else { return .fixed(tag.content) }
        let dynamic = String(tag.content.dropFirst())
        guard !dynamic.isEmpty else {
            throw source.error("empty dynamic name: expected a name after '*'", at: tag.range.lowerBound)
        }
        guard let name = Name(dynamic) else {
            throw source.error(
                "invalid name '\(dynamic)': expected '.' or names joined by single dots", at: tag.range.lowerBound)
        }
        return .dynamic(name)
    }
}
