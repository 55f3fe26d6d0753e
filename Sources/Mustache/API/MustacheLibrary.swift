/// A set of Mustache templates parsed once and rendered many times by name.
///
/// Partial (`{{>name}}`) and parent (`{{<name}}`) tags name other templates of the same
/// library. A name is looked up as written, then with ".mustache" appended, then as
/// "partials/" + name + ".mustache": `{{>slide}}` finds "slide", "slide.mustache" or
/// "partials/slide.mustache", in that order.
///
/// The engine follows the Mustache spec (interpolation, sections, inverted sections, comments,
/// partials, set delimiters) with its optional inheritance and dynamic-names modules; it has no
/// lambdas. Variables are HTML-escaped unless written `{{{name}}}` or `{{&name}}`. Beyond the
/// spec, a dotted name may index a list: `{{slides.0.title}}` is the first slide's title.
///
/// ```swift
/// let library = try MustacheLibrary(templates: [
///     "page.mustache": "<ul>{{#slides}}{{>slide}}{{/slides}}</ul>",
///     "partials/slide.mustache": "<li>{{caption}}</li>",
/// ])
/// let html = try library.render("page.mustache", with: ["slides": [["caption": "Dune"]]])
/// // <ul><li>Dune</li></ul>
/// ```
public struct MustacheLibrary: Sendable {
    private let templates: [String: ParsedTemplate]

    /// Parses every template (name → source).
    ///
    /// - Throws: the first syntax error, taking templates in name order; use
    ///   `syntaxErrors(in:)` to list one error for every broken template.
    public init(templates: [String: String]) throws(MustacheError) {
        var parsed: [String: ParsedTemplate] = [:]
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            parsed[name] = try ParsedTemplate(name: name, text: text)
        }
        self.templates = parsed
    }

    /// The first syntax error of each template that has one, in template name order.
    public static func syntaxErrors(in templates: [String: String]) -> [MustacheError] {
        var errors: [MustacheError] = []
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            do throws(MustacheError) {
                _ = try ParsedTemplate(name: name, text: text)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// The names of all templates, sorted.
    public var templateNames: [String] { templates.keys.sorted() }

    /// Renders the named template (found by the same rule as partials).
    ///
    /// - Parameters:
    ///   - name: the template to render, e.g. "page.mustache".
    ///   - context: the data; its top level is normally an object.
    ///   - strict: when true, a name the context cannot resolve, a partial that does not exist
    ///     and a list or object in a variable tag are errors; otherwise they render as nothing,
    ///     as the spec requires.
    /// - Throws: `MustacheError` located at the failing tag, or at line 0 of `name` when no
    ///   such template exists.
    public func render(_ name: String, with context: MustacheValue, strict: Bool = false) throws(MustacheError) -> String {
        guard let template = template(named: name) else {
            throw TemplateSource.wholeTemplateError("no template named '\(name)'", template: name)
        }
        var renderer = Renderer(library: self, context: context, strict: strict)
        try renderer.render(template.nodes[...], in: Renderer.Scope(indentation: "", overrides: [:]))
        return String(decoding: renderer.output, as: UTF8.self)
    }

    // MARK: Internal

    /// The names a partial name may stand for, in lookup order.
    static func candidates(for name: String) -> [String] {
        [name, name + ".mustache", "partials/" + name + ".mustache"]
    }

    func template(named name: String) -> ParsedTemplate? {
        if let template = templates[name] { return template }
        if let template = templates[name + ".mustache"] { return template }
        return templates["partials/" + name + ".mustache"]
    }

    /// An error at a tag of one of this library's templates.
    func error(_ message: String, at position: SourcePosition) -> MustacheError {
        guard let template = templates[position.template] else {
            return TemplateSource.wholeTemplateError(message, template: position.template)
        }
        return template.source.error(message, at: position.offset)
    }
}
