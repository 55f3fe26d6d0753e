import Testing
import Mustache

@Test(arguments: [
    RenderCase(template: "{{v}}", context: ["v": "a & b"], expected: "a &amp; b"),
    RenderCase(template: "{{v}}", context: ["v": "<script>"], expected: "&lt;script&gt;"),
    RenderCase(template: #"<img alt="{{v}}">"#, context: ["v": #"say "hi""#], expected: #"<img alt="say &quot;hi&quot;">"#),
    RenderCase(template: "<img alt='{{v}}'>", context: ["v": "it's"], expected: "<img alt='it&#39;s'>"),
    RenderCase(template: "{{v}}", context: ["v": "naïve ✓ 🎞"], expected: "naïve ✓ 🎞"),
    RenderCase(template: "{{{v}}}", context: ["v": "<b>&'\"</b>"], expected: "<b>&'\"</b>"),
    RenderCase(template: "{{& v }}", context: ["v": "<b>"], expected: "<b>"),
    RenderCase(template: "{{v}}", context: ["v": "&amp;"], expected: "&amp;amp;"),
])
func escaping(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}

@Test(arguments: [
    RenderCase(template: "{{v}}", context: ["v": 42], expected: "42"),
    RenderCase(template: "{{v}}", context: ["v": -7], expected: "-7"),
    RenderCase(template: "{{v}}", context: ["v": 1.21], expected: "1.21"),
    RenderCase(template: "{{v}}", context: ["v": 3.0], expected: "3"),
    RenderCase(template: "{{v}}", context: ["v": 0.5], expected: "0.5"),
    RenderCase(template: "{{v}}", context: ["v": true], expected: "true"),
    RenderCase(template: "{{v}}", context: ["v": false], expected: "false"),
    RenderCase(template: "[{{v}}]", context: ["v": nil], expected: "[]"),
    RenderCase(template: "[{{missing}}]", expected: "[]"),
    RenderCase(template: "[{{v}}]", context: ["v": [1, 2]], expected: "[]"),
])
func scalarValues(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}

@Test(arguments: [
    RenderCase(template: "{{a.b.c}}", context: ["a": ["b": ["c": "deep"]]], expected: "deep"),
    // The first part is searched down the stack, the rest only inside what it found.
    RenderCase(template: "{{#a}}{{b.c}}{{/a}}", context: ["a": ["x": 1], "b": ["c": "outer"]], expected: "outer"),
    RenderCase(template: "[{{a.b}}]", context: ["a": ["x": 1], "b": "no"], expected: "[]"),
    RenderCase(template: "{{#list}}{{.}},{{/list}}", context: ["list": ["a", "b"]], expected: "a,b,"),
    RenderCase(template: "{{ padded }}", context: ["padded": "yes"], expected: "yes"),
    RenderCase(template: "{{slides.1.title}}", context: ["slides": [["title": "a"], ["title": "b"]]], expected: "b"),
    RenderCase(template: "[{{slides.2.title}}]", context: ["slides": [["title": "a"]]], expected: "[]"),
    RenderCase(template: "[{{slides.+0}}{{slides.-1}}]", context: ["slides": ["a"]], expected: "[]"),
    RenderCase(template: "{{#slides.0}}{{title}}{{/slides.0}}", context: ["slides": [["title": "a"]]], expected: "a"),
])
func names(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}
