import Testing
import Mustache

/// A template that parses but must fail to render in strict mode, and the whole error.
struct RenderErrorCase: CustomTestStringConvertible, Sendable {
    var template: String
    var context: MustacheValue = [:]
    var partials: [String: String] = [:]
    var error: MustacheError

    var testDescription: String { error.message }
}

private func pageError(_ message: String, _ line: Int, _ column: Int, _ lineText: String) -> MustacheError {
    MustacheError(message: message, template: "test.mustache", line: line, column: column, lineText: lineText)
}

@Test(arguments: [
    RenderErrorCase(
        template: "{{#slides}}\n  <p>{{captoin}}</p>\n{{/slides}}\n", context: ["slides": [["caption": "Dune"]]],
        error: pageError("no value named 'captoin'", 2, 6, "  <p>{{captoin}}</p>")),
    RenderErrorCase(
        template: "{{#slide}}{{/slide}}", context: ["slides": []],
        error: pageError("no value named 'slide'", 1, 1, "{{#slide}}{{/slide}}")),
    RenderErrorCase(
        template: "x{{^link}}{{/link}}", error: pageError("no value named 'link'", 1, 2, "x{{^link}}{{/link}}")),
    // A dotted name fails as a whole when a later part is missing.
    RenderErrorCase(
        template: "{{image.alt}}", context: ["image": ["url": "a.jpg"]],
        error: pageError("no value named 'image.alt'", 1, 1, "{{image.alt}}")),
    RenderErrorCase(
        template: "{{tags}}", context: ["tags": ["a"]],
        error: pageError("cannot render 'tags': it is a list, not text", 1, 1, "{{tags}}")),
    RenderErrorCase(
        template: "{{{image}}}", context: ["image": ["url": "a.jpg"]],
        error: pageError("cannot render 'image': it is an object, not text", 1, 1, "{{{image}}}")),
    RenderErrorCase(
        template: "<ul>\n  {{>slid}}\n</ul>",
        error: pageError(
            "no template named 'slid' (tried 'slid', 'slid.mustache', 'partials/slid.mustache')", 2, 3, "  {{>slid}}")),
    RenderErrorCase(
        template: "{{>*kind}}", error: pageError("no value named 'kind'", 1, 1, "{{>*kind}}")),
    RenderErrorCase(
        template: "{{>*kind}}", context: ["kind": 1],
        error: pageError("dynamic name 'kind' must be a template name, but it is a number", 1, 1, "{{>*kind}}")),
    // Errors inside a partial point into the partial.
    RenderErrorCase(
        template: "{{>card}}", partials: ["partials/card.mustache": "<div>\n{{titel}}</div>"],
        error: MustacheError(
            message: "no value named 'titel'", template: "partials/card.mustache", line: 2, column: 1,
            lineText: "{{titel}}</div>")),
    // A replaced block's errors point into the template that wrote the replacement.
    RenderErrorCase(
        template: "{{<base}}\n{{$main}}{{oops}}{{/main}}\n{{/base}}", partials: ["base": "<main>{{$main}}{{/main}}</main>"],
        error: pageError("no value named 'oops'", 2, 10, "{{$main}}{{oops}}{{/main}}")),
])
func strictModeError(_ row: RenderErrorCase) {
    let error = mustacheError { () throws(MustacheError) in _ = try render(row.template, row.context, partials: row.partials, strict: true) }
    #expect(error == row.error)
}

@Test func strictModeAcceptsNullAndFalseValues() throws {
    let output = try render(
        "[{{caption}}{{#link}}x{{/link}}{{^link}}no link{{/link}}]", ["caption": nil, "link": false], strict: true)
    #expect(output == "[no link]")
}

@Test func nonStrictModeRendersUnresolvedNamesAsNothing() throws {
    #expect(try render("[{{captoin}}{{>slid}}{{#x}}y{{/x}}{{tags}}]", ["tags": ["a"]]) == "[]")
}

@Test func unknownTemplateIsAnErrorAboutTheWholeTemplate() {
    let error = mustacheError { () throws(MustacheError) in _ = try MustacheLibrary(templates: [:]).render("page.mustache", with: [:]) }
    #expect(error == MustacheError(message: "no template named 'page.mustache'", template: "page.mustache", line: 0, column: 0, lineText: ""))
}

@Test func selfIncludingPartialStopsWithAnError() {
    let library = try? MustacheLibrary(templates: ["page.mustache": "{{>loop}}", "loop.mustache": "x\n {{>loop}}"])
    let error = mustacheError { () throws(MustacheError) in _ = try library?.render("page.mustache", with: [:]) }
    #expect(
        error
            == MustacheError(
                message: "templates nest more than 200 levels deep here: is 'loop.mustache' including itself?",
                template: "loop.mustache", line: 2, column: 2, lineText: " {{>loop}}"))
}

@Test func deeplyNestedSectionsAreAnErrorNotACrash() {
    let depth = 201
    let template = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
    let error = mustacheError { () throws(MustacheError) in _ = try MustacheLibrary(templates: ["page.mustache": template]) }
    #expect(
        error
            == MustacheError(
                message: "sections nest more than 200 levels deep here", template: "page.mustache", line: 1,
                column: 1 + 200 * 6, lineText: template))
}

@Test func sectionsInsideRecursivePartialsCountTowardsTheLimit() {
    // 150 levels of partials, each adding a section: 300 levels in all.
    var tree: MustacheValue = ["leaf": true]
    for _ in 0..<150 { tree = ["child": tree] }
    let library = try? MustacheLibrary(templates: ["node.mustache": "{{#child}}{{>node}}{{/child}}"])
    let error = mustacheError { () throws(MustacheError) in _ = try library?.render("node.mustache", with: tree) }
    #expect(error?.message == "sections nest more than 200 levels deep here")
    #expect(error?.template == "node.mustache")
}

@Test func blockReplacedByContentHoldingItselfStopsWithAnError() {
    let error = mustacheError { () throws(MustacheError) in
        _ = try render("{{<p}}{{$a}}<{{$a}}x{{/a}}>{{/a}}{{/p}}", partials: ["p": "{{$a}}{{/a}}"])
    }
    #expect(
        error
            == MustacheError(
                message: "blocks nest more than 200 levels deep here", template: "test.mustache", line: 1, column: 14,
                lineText: "{{<p}}{{$a}}<{{$a}}x{{/a}}>{{/a}}{{/p}}"))
}
