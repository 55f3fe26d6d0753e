import Testing
import Mustache

/// A layout with two blocks, as a theme's base page would have.
let layout = """
    <html>
      <head><title>{{$title}}Untitled{{/title}}</title></head>
      <body>
        {{$content}}
        <p>no content</p>
        {{/content}}
      </body>
    </html>

    """

@Test(arguments: [
    // Unchanged blocks render their defaults exactly as written.
    RenderCase(
        template: "{{<layout}}{{/layout}}", partials: ["layout": layout],
        expected: "<html>\n  <head><title>Untitled</title></head>\n  <body>\n    <p>no content</p>\n  </body>\n</html>\n"),
    // Overridden blocks take the child's content, reindented to where the block sits.
    RenderCase(
        template: "{{<layout}}\n{{$title}}Holidays{{/title}}\n{{$content}}\n<ul>\n  <li>{{first}}</li>\n</ul>\n{{/content}}\n{{/layout}}\n",
        context: ["first": "Beach"], partials: ["layout": layout],
        expected: "<html>\n  <head><title>Holidays</title></head>\n  <body>\n    <ul>\n      <li>Beach</li>\n    </ul>\n  </body>\n</html>\n"),
    // A default whose lines are indented unevenly renders exactly as written...
    RenderCase(
        template: "<div>\n  {{$b}}\n      <p>\n    {{#x}}\n    <b>{{x}}</b>\n    {{/x}}\n    </p>\n  {{/b}}\n</div>\n",
        context: ["x": "bold"],
        expected: "<div>\n      <p>\n    <b>bold</b>\n    </p>\n</div>\n"),
    // ...and a replacement keeps its lines' relative indentation.
    RenderCase(
        template: "{{<p}}\n{{$b}}\n        <i>\n      <u>\n\n{{/b}}\n{{/p}}", partials: ["p": "<div>\n  {{$b}}\n  {{/b}}\n</div>\n"],
        expected: "<div>\n    <i>\n  <u>\n\n</div>\n"),
    // Text inside a parent tag that is not a block is ignored.
    RenderCase(template: "{{<p}}ignored {{$b}}B{{/b}} ignored{{/p}}", partials: ["p": "[{{$b}}default{{/b}}]"], expected: "[B]"),
    // A replaced block renders in the context where the parent puts it.
    RenderCase(
        template: "{{<p}}{{$b}}{{name}}{{/b}}{{/p}}", context: ["name": "outer", "inner": ["name": "inner"]],
        partials: ["p": "{{#inner}}{{$b}}{{/b}}{{/inner}}"], expected: "inner"),
])
func inheritance(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context, partials: row.partials) == row.expected)
}

@Test func nestedInheritanceLetsTheOutermostChildWin() throws {
    let partials = [
        "base": "<{{$a}}base a{{/a}}|{{$b}}base b{{/b}}|{{$c}}base c{{/c}}>",
        "section": "{{<base}}{{$a}}section a{{/a}}{{$b}}section b{{/b}}{{/base}}",
    ]
    #expect(try render("{{<section}}{{$a}}page a{{/a}}{{/section}}", partials: partials) == "<page a|section b|base c>")
    #expect(try render("{{<section}}{{/section}}", partials: partials) == "<section a|section b|base c>")
}

@Test func blockInsideAnOverriddenBlockCanBeOverriddenToo() throws {
    let partials = [
        "base": "<main>{{$content}}{{/content}}</main>",
        "article": "{{<base}}{{$content}}<h1>{{$heading}}Article{{/heading}}</h1>{{/content}}{{/base}}",
    ]
    #expect(try render("{{<article}}{{$heading}}Photos{{/heading}}{{/article}}", partials: partials) == "<main><h1>Photos</h1></main>")
}

@Test func partialsInsideAParentSeeItsOverrides() throws {
    let partials = ["base": "{{>header}}|{{$body}}{{/body}}", "header": "<h1>{{$title}}Site{{/title}}</h1>"]
    #expect(try render("{{<base}}{{$title}}Page{{/title}}{{$body}}B{{/body}}{{/base}}", partials: partials) == "<h1>Page</h1>|B")
}

@Test func dynamicParent() throws {
    let partials = ["wide": "W[{{$x}}{{/x}}]", "narrow": "N[{{$x}}{{/x}}]"]
    #expect(try render("{{<*layout}}{{$x}}1{{/x}}{{/*layout}}", ["layout": "narrow"], partials: partials) == "N[1]")
}
