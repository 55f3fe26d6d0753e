/// Renders parsed nodes against a context stack into one string.
///
/// A `Renderer` lives for one `MustacheLibrary.render` call; the library and its parsed
/// templates are shared and never change.
struct Renderer {
    private let library: MustacheLibrary
    private let strict: Bool
    private var context: ContextStack
    /// Sections, blocks, partials and parents open right now; see `NestingLimit`.
    private var depth = 0
    /// UTF-8 bytes; see `appendEscapingHTML` for why not a `String`.
    private(set) var output: [UInt8] = []

    /// What a template renders with besides the context: the indentation its lines get and
    /// the block contents that replace its blocks' defaults.
    struct Scope {
        var indentation: String
        var overrides: [String: Block]
    }

    init(library: MustacheLibrary, context: MustacheValue, strict: Bool) {
        self.library = library
        self.context = ContextStack(context)
        self.strict = strict
    }

    mutating func render(_ nodes: ArraySlice<Node>, in scope: Scope) throws(MustacheError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                output.append(contentsOf: scope.indentation.utf8)
            case .variable(let name, let escaped, let position):
                guard let value = try resolve(name, at: position) else { continue }
                guard let text = value.interpolatedText else {
                    if strict {
                        throw library.error(
                            "cannot render '\(name.text)': it is \(value.kindDescription), not text", at: position)
                    }
                    continue
                }
                if escaped {
                    output.appendEscapingHTML(text)
                } else {
                    output.append(contentsOf: text.utf8)
                }
            case .section(let section):
                try render(section, in: scope)
            case .partial(let partial):
                guard let template = try template(partial.reference, at: partial.position) else { continue }
                let indentation = partial.indentation.map { scope.indentation + $0 } ?? ""
                try render(template, at: partial.position, in: Scope(indentation: indentation, overrides: scope.overrides))
            case .parent(let parent):
                guard let template = try template(parent.reference, at: parent.position) else { continue }
                // Overrides from further out win: the child that started the chain decides.
                var overrides = parent.overrides
                for (name, block) in scope.overrides { overrides[name] = block }
                let indentation = parent.indentation.map { scope.indentation + $0 } ?? ""
                try render(template, at: parent.position, in: Scope(indentation: indentation, overrides: overrides))
            case .block(let block):
                try render(block, in: scope)
            }
        }
    }

    private mutating func render(_ section: Section, in scope: Scope) throws(MustacheError) {
        let value = try resolve(section.name, at: section.position) ?? .null
        try enterLevel("sections nest", at: section.position)
        defer { depth -= 1 }
        if section.inverted {
            if !value.isTruthy { try render(section.children[...], in: scope) }
            return
        }
        guard value.isTruthy else { return }
        if case .array(let items) = value {
            for item in items {
                context.push(item)
                defer { context.pop() }
                try render(section.children[...], in: scope)
            }
        } else {
            context.push(value)
            defer { context.pop() }
            try render(section.children[...], in: scope)
        }
    }

    private mutating func render(
        _ template: ParsedTemplate, at position: SourcePosition, in scope: Scope
    ) throws(MustacheError) {
        try enterLevel("templates nest", at: position, includedTemplate: template.source.name)
        defer { depth -= 1 }
        try render(template.nodes[...], in: scope)
    }

    /// Counts one more open level, or fails when that passes `NestingLimit.maximum`.
    private mutating func enterLevel(
        _ what: String, at position: SourcePosition, includedTemplate: String? = nil
    ) throws(MustacheError) {
        guard depth < NestingLimit.maximum else {
            let question = includedTemplate.map { ": is '\($0)' including itself?" } ?? ""
            throw library.error("\(what) more than \(NestingLimit.maximum) levels deep here\(question)", at: position)
        }
        depth += 1
    }

    /// A block renders its replacement if an enclosing parent gave one, else its own content.
    private mutating func render(_ block: Block, in scope: Scope) throws(MustacheError) {
        try enterLevel("blocks nest", at: block.position)
        defer { depth -= 1 }
        guard let replacement = scope.overrides[block.name]?.children else {
            if case .standalone(let indentation) = block.placement {
                try render(block.children[...], in: Scope(indentation: scope.indentation + indentation, overrides: scope.overrides))
            } else {
                try render(block.children[...], in: scope)
            }
            return
        }
        // Replacement content that begins at a line start carries a `.lineStart` first; it is
        // dropped where the block sits mid-line, and supplied where it stands alone.
        let startsLine = replacement.first.map { if case .lineStart = $0 { true } else { false } } ?? false
        let tail = startsLine ? replacement.dropFirst() : replacement[...]
        switch block.placement {
        case .standalone(let indentation):
            let inner = Scope(indentation: scope.indentation + indentation, overrides: scope.overrides)
            if !replacement.isEmpty { output.append(contentsOf: inner.indentation.utf8) }
            try render(tail, in: inner)
        case .lineStart(let indentation):
            try render(tail, in: Scope(indentation: scope.indentation + indentation, overrides: scope.overrides))
        case .inline:
            try render(tail, in: scope)
        }
    }

    // MARK: Lookups

    /// The value of `name`, or `nil` when nothing resolves it (an error in strict mode).
    private func resolve(_ name: Name, at position: SourcePosition) throws(MustacheError) -> MustacheValue? {
        if let value = context.resolve(name) { return value }
        if strict { throw library.error("no value named '\(name.text)'", at: position) }
        return nil
    }

    /// The template a partial or parent tag names, or `nil` when it renders as nothing.
    private func template(_ reference: TemplateReference, at position: SourcePosition) throws(MustacheError) -> ParsedTemplate? {
        let name: String
        switch reference {
        case .fixed(let fixed):
            name = fixed
        case .dynamic(let dynamic):
            guard let value = try resolve(dynamic, at: position) else { return nil }
            guard case .string(let string) = value else {
                if strict {
                    throw library.error(
                        "dynamic name '\(dynamic.text)' must be a template name, but it is \(value.kindDescription)",
                        at: position)
                }
                return nil
            }
            name = string
        }
        if let template = library.template(named: name) { return template }
        if strict {
            throw library.error(
                "no template named '\(name)' (tried \(MustacheLibrary.candidates(for: name).map { "'\($0)'" }.joined(separator: ", ")))",
                at: position)
        }
        return nil
    }
}
