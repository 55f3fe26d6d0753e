/// A parsed template: text, line starts and tags arranged as a tree, ready to render many times.
///
/// Tag payloads are immutable classes so that walking the tree costs one reference count per
/// node, not one per field. Every node that can fail while rendering carries the `SourcePosition` of its tag, so a
/// block overridden from another template still reports errors in the template it came from.
enum Node: Sendable {
    /// UTF-8 bytes, copied as they are into the output.
    case text([UInt8])
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
final class Section: Sendable {
    let name: Name
    let inverted: Bool
    let children: [Node]
    let position: SourcePosition

    init(name: Name, inverted: Bool, children: [Node], position: SourcePosition) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.position = position
    }
}

/// The template a partial or parent tag refers to.
enum TemplateReference: Sendable {
    /// `{{>name}}`: looked up by the library's rule for partial names.
    case fixed(String)
    /// `{{>*name}}`: the context value at `name` is the partial's name.
    case dynamic(Name)
}

/// `{{>name}}`.
final class Partial: Sendable {
    let reference: TemplateReference
    /// Set when the tag stands alone on its line: every line of the partial gets it.
    let indentation: String?
    let position: SourcePosition

    init(reference: TemplateReference, indentation: String?, position: SourcePosition) {
        self.reference = reference
        self.indentation = indentation
        self.position = position
    }
}

/// `{{<name}}{{$block}}…{{/block}}{{/name}}`: a partial whose blocks this tag overrides.
final class Parent: Sendable {
    let reference: TemplateReference
    let indentation: String?
    /// The blocks defined directly inside the tag; all other content of the tag is ignored.
    let overrides: [String: Block]
    let position: SourcePosition

    init(reference: TemplateReference, indentation: String?, overrides: [String: Block], position: SourcePosition) {
        self.reference = reference
        self.indentation = indentation
        self.overrides = overrides
        self.position = position
    }
}

/// `{{$name}}…{{/name}}`: a replaceable part of a template, or its replacement inside a parent.
final class Block: Sendable {
    /// Where the opening tag sits on its line; decides how replacement content is indented.
    enum Placement: Sendable {
        /// The opening tag stands alone: its content was dedented by the indentation its
        /// lines share, and that indentation (relative to any enclosing block) is put back
        /// on every line of whatever content renders here.
        case standalone(indentation: String)
        /// Only blanks precede the opening tag, which stay in the output: later lines of
        /// replacement content are indented by them.
        case lineStart(indentation: String)
        /// Text precedes the opening tag.
        case inline
    }

    let name: String
    let placement: Placement
    let children: [Node]
    let position: SourcePosition

    init(name: String, placement: Placement, children: [Node], position: SourcePosition) {
        self.name = name
        self.placement = placement
        self.children = children
        self.position = position
    }
}
