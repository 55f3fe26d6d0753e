import Testing
import Mustache

@Test(arguments: [
    // A standalone partial's blanks indent every line of the partial, but not the lines of
    // values interpolated into it.
    RenderCase(
        template: "<ul>\n  {{>item}}\n</ul>\n", context: ["text": "one\ntwo"],
        partials: ["item": "<li>\n{{{text}}}\n</li>\n"],
        expected: "<ul>\n  <li>\n  one\ntwo\n  </li>\n</ul>\n"),
    // Indentation accumulates through nested standalone partials.
    RenderCase(
        template: "  {{>outer}}\n", partials: ["outer": "o\n  {{>inner}}\n", "inner": "i1\ni2\n"],
        expected: "  o\n    i1\n    i2\n"),
    // Blank lines of a partial stay blank.
    RenderCase(template: "  {{>p}}\n", partials: ["p": "a\n\nb\n"], expected: "  a\n\n  b\n"),
    // A partial that does not stand alone is not indented.
    RenderCase(template: "  x {{>p}}\n", partials: ["p": "a\nb"], expected: "  x a\nb\n"),
    // Each repetition of a section gets the indentation again.
    RenderCase(
        template: "  {{>list}}\n", context: ["items": ["a", "b"]],
        partials: ["list": "{{#items}}\n- {{.}}\n{{/items}}\n"], expected: "  - a\n  - b\n"),
])
func partialIndentation(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context, partials: row.partials) == row.expected)
}

@Test(arguments: [
    RenderCase(template: "{{>slide}}", partials: ["slide": "exact", "slide.mustache": "suffixed"], expected: "exact"),
    RenderCase(
        template: "{{>slide}}", partials: ["slide.mustache": "suffixed", "partials/slide.mustache": "folder"],
        expected: "suffixed"),
    RenderCase(template: "{{>slide}}", partials: ["partials/slide.mustache": "folder"], expected: "folder"),
    RenderCase(template: "{{>partials/slide.mustache}}", partials: ["partials/slide.mustache": "path"], expected: "path"),
    RenderCase(template: "[{{>nowhere}}]", expected: "[]"),
])
func partialLookup(_ row: RenderCase) throws {
    #expect(try render(row.template, partials: row.partials) == row.expected)
}

@Test(arguments: [
    RenderCase(
        template: "{{#items}}{{>*kind}}{{/items}}",
        context: ["items": [["kind": "photo", "src": "a.jpg"], ["kind": "text", "body": "hi"]]],
        partials: ["photo": "<img src=\"{{src}}\">", "text": "<p>{{body}}</p>"],
        expected: "<img src=\"a.jpg\"><p>hi</p>"),
    RenderCase(template: "[{{>*missing}}]", partials: ["missing": "no"], expected: "[]"),
    RenderCase(template: "[{{>*n}}]", context: ["n": 3], partials: ["3": "no"], expected: "[]"),
])
func dynamicPartials(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context, partials: row.partials) == row.expected)
}

@Test func recursivePartialOverData() throws {
    let tree: MustacheValue = ["name": "root", "children": [["name": "a", "children": [["name": "a1", "children": []]]]]]
    let output = try render("{{>node}}", tree, partials: ["node": "{{name}}({{#children}}{{>node}}{{/children}})"])
    #expect(output == "root(a(a1()))")
}

@Test func partialRendersWithinTheCallersContext() throws {
    let output = try render("{{#slide}}{{>caption}}{{/slide}}", ["slide": ["text": "Dune"], "site": "S"], partials: ["caption": "{{text}}@{{site}}"])
    #expect(output == "Dune@S")
}
