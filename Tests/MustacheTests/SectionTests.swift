import Testing
import Mustache

@Test(arguments: [
    // Lists render once per item, with the item on top of the stack.
    RenderCase(
        template: "{{#slides}}<{{title}}>{{/slides}}",
        context: ["slides": [["title": "a"], ["title": "b"], ["title": "c"]]], expected: "<a><b><c>"),
    RenderCase(template: "[{{#slides}}x{{/slides}}]", context: ["slides": []], expected: "[]"),
    // Objects render once, with the object on top of the stack; outer names stay visible.
    RenderCase(
        template: "{{#image}}{{url}} {{site}}{{/image}}",
        context: ["site": "s", "image": ["url": "u"]], expected: "u s"),
    RenderCase(template: "[{{#empty}}x{{/empty}}]", context: ["empty": [:]], expected: "[x]"),
    RenderCase(template: "[{{#b}}yes{{/b}}]", context: ["b": true], expected: "[yes]"),
    RenderCase(template: "[{{#b}}yes{{/b}}]", context: ["b": false], expected: "[]"),
    RenderCase(template: "[{{#b}}yes{{/b}}]", context: ["b": nil], expected: "[]"),
    RenderCase(template: "[{{#b}}yes{{/b}}]", expected: "[]"),
    RenderCase(template: "[{{#s}}{{.}}{{/s}}]", context: ["s": "text"], expected: "[text]"),
    RenderCase(template: "[{{#s}}x{{/s}}]", context: ["s": ""], expected: "[]"),
    RenderCase(template: "[{{#n}}{{.}}{{/n}}]", context: ["n": 0], expected: "[0]"),
    RenderCase(
        template: "{{#rows}}{{#cells}}{{.}}{{/cells}};{{/rows}}",
        context: ["rows": [["cells": [1, 2]], ["cells": [3]]]], expected: "12;3;"),
])
func sections(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}

@Test(arguments: [
    RenderCase(template: "[{{^b}}none{{/b}}]", context: ["b": false], expected: "[none]"),
    RenderCase(template: "[{{^b}}none{{/b}}]", context: ["b": true], expected: "[]"),
    RenderCase(template: "[{{^list}}none{{/list}}]", context: ["list": []], expected: "[none]"),
    RenderCase(template: "[{{^list}}none{{/list}}]", context: ["list": [1]], expected: "[]"),
    RenderCase(template: "[{{^missing}}none{{/missing}}]", expected: "[none]"),
    RenderCase(template: "[{{^s}}none{{/s}}]", context: ["s": ""], expected: "[none]"),
])
func invertedSections(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}

@Test(arguments: [
    // Standalone tags leave nothing behind: neither their blanks nor their line break.
    RenderCase(
        template: "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n",
        context: ["items": ["a", "b"]], expected: "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
    RenderCase(template: "a\r\n{{#t}}\r\nb\r\n{{/t}}\r\nc", context: ["t": true], expected: "a\r\nb\r\nc"),
    RenderCase(template: "  {{! comment }}\nx", expected: "x"),
    RenderCase(template: "a {{#t}}\nb{{/t}}", context: ["t": true], expected: "a \nb"),
    RenderCase(template: "{{#t}}x{{/t}}\n", context: ["t": true], expected: "x\n"),
])
func standaloneLines(_ row: RenderCase) throws {
    #expect(try render(row.template, row.context) == row.expected)
}
