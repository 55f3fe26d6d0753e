/// A template that cannot be parsed or rendered, located at the offending tag.
///
/// Equality compares every field, so tests can state the whole expected error.
public struct MustacheError: Error, Equatable, Sendable {
    /// Lowercase, identifiers in single quotes, e.g. "unclosed section 'slides'".
    public var message: String
    /// The template's name in its library, e.g. "partials/slide.mustache".
    public var template: String
    /// 1-based; 0 when the error concerns the whole template (e.g. it does not exist).
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 together with `line == 0`.
    public var column: Int
    /// The offending line without its line break, for a caret under `column`.
    public var lineText: String

    public init(message: String, template: String, line: Int, column: Int, lineText: String) {
        self.message = message
        self.template = template
        self.line = line
        self.column = column
        self.lineText = lineText
    }
}

extension MustacheError: CustomStringConvertible {
    /// `template:line:column: error: message`, the form compilers and editors understand.
    public var description: String {
        line == 0
            ? "\(template): error: \(message)"
            : "\(template):\(line):\(column): error: \(message)"
    }
}
