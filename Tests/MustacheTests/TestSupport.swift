import Testing
import Mustache

/// Renders `template` as "test.mustache" in a library with `partials`.
func render(
    _ template: String, _ context: MustacheValue = [:], partials: [String: String] = [:], strict: Bool = false
) throws(MustacheError) -> String {
    var templates = partials
    templates["test.mustache"] = template
    return try MustacheLibrary(templates: templates).render("test.mustache", with: context, strict: strict)
}

/// The error `body` throws, or `nil` when it throws none.
func mustacheError(_ body: () throws(MustacheError) -> Void) -> MustacheError? {
    do throws(MustacheError) {
        try body()
        return nil
    } catch {
        return error
    }
}

/// One row of a rendering table: what goes in and what must come out.
struct RenderCase: CustomTestStringConvertible, Sendable {
    var template: String
    var context: MustacheValue = [:]
    var partials: [String: String] = [:]
    var expected: String

    var testDescription: String { template.debugDescription }
}
