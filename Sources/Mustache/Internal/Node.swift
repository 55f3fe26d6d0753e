/// A parsed template: text, line starts and tags arranged as a tree, ready to render many times.
///
/// Every node that can fail while rendering carries the `SourcePosition` of its tag, so a
/// block overridden from another template still reports errors in the template it came from.
indirect enum Node: Sendable {
    case text(String)
    /// The start of a source line that is not standalone and not empty: the place where an
    /// indented partial or block puts its indentation.
    case lineStart
    case variable(Name, escaped: Bool, at: SourcePosition)
    case section(Section)
    case partial(Partial)
    case parent(Parent)
    case block(Block)
}

/// Where a tag starts: the template's name and the byte offset of its opening delimiter.
struct SourcePosition: Sendable {
    var template: String
    var offset: Int
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
struct Section: Sendable {
    var name: Name
    var inverted: Bool
    var children: [Node]
    var position: SourcePosition
}

/// The template a partial or parent tag refers to.
enum TemplateReference: Sendable {
    /// `{{>name}}`: looked up by the library's rule for partial names.
    case fixed(String)
    /// `{{>*name}}`: the context value at `name` is the partial's name.
    case dynamic(Name)
}

/// `{{>name}}`.
struct Partial: Sendable {
    var reference: TemplateReference
    /// Set when the tag stands alone on its line: every line of the partial gets it.
    var indentation: String?
    var position: SourcePosition
}

/// `{{<name}}{{$block}}…{{/block}}{{/name}}`: a partial whose blocks this tag overrides.
struct Parent: Sendable {
    var reference: TemplateReference
    var indentation: String?
    /// The blocks defined directly inside the tag; all other content of the tag is ignored.
    var overrides: [String: Block]
    var position: SourcePosition
}

/// `{{$name}}…{{/name}}`: a replaceable part of a template, or its replacement inside a parent.
struct Block: Sendable {
    /// Where the opening tag sits on its line; decides how replacement content is indented.
    enum Placement: Sendable {
        /// The opening tag stands alone: its content was dedented by its first line's
        /// indentation, and the indentation (relative to any enclosing block) is put back
        /// on every line of whatever content renders here.
        case standalone(indentation: String)
        /// Only blanks precede the opening tag, which stay in the output: later lines of
        /// replacement content are indented by them.
        case lineStart(indentation: String)
        /// Text precedes the opening tag.
        case inline
    }

    var name: String
    var placement: Placement
    var children: [Node]
    var position: SourcePosition
}
