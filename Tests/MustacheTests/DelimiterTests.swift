import Testing
import Mustache

@Test(arguments: [
    RenderCase(template: "{{=<% %>=}}<% v %> {{v}}", context: ["v": "x"], expected: "x {{v}}"),
    RenderCase(template: "{{=| |=}}|#s||v||/s| |={{ }}=|{{v}}", context: ["s": true, "v": "x"], expected: "x x"),
    RenderCase(template: "{{= [[ ]] =}}[[{v}]]", context: ["v": "<b>"], expected: "<b>"),
    RenderCase(template: "{{=<% %>=}}<%& v %>", context: ["v": "<b>"], expected: "<b>"),
    // Standalone delimiter tags vanish with their line.
    RenderCase(template: "a\n  {{=<% %>=}}\n<%v%>\n", context: ["v": "x"], expected: "a\nx\n"),
    // A partial parses with default delimiters whatever its caller set.
    RenderCase(template: "{{=<% %>=}}<%>p%>", context: ["v": "x"], partials: ["p": "{{v}}<%v%>"], expected: "x<%v%>"),
])
func delimiters(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context, partials: row.partials) == row.expected)
}

@Test func commentsRenderNothingEvenAcrossLines() throws {
    #expect(try render("a{{! one\ntwo }}b\n{{!\nstandalone\n}}\nc") == "ab\nc")
}
