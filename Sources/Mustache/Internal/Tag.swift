/// One `{{…}}` tag as the tokenizer found it.
struct Tag: Sendable {
    enum Kind: Sendable, Equatable {
        case variable(escaped: Bool)  // {{name}}, or {{{name}}} / {{&name}} unescaped
        case section                  // {{#name}}
        case invertedSection          // {{^name}}
        case close                    // {{/name}}
        case comment                  // {{! … }}
        case partial                  // {{>name}}, {{>*name}}
        case parent                   // {{<name}}, {{<*name}}
        case block                    // {{$name}}
        case delimiters               // {{=<% %>=}}
    }

    var kind: Kind
    /// The trimmed text after the sigil: a name, `*name` for dynamic names, or empty.
    var content: String
    /// Byte offsets of the whole tag, delimiters included.
    var range: Range<Int>

    /// Whether a line holding only this tag (and blanks) disappears from the output.
    var canStandAlone: Bool {
        if case .variable = kind { return false }
        return true
    }
}
