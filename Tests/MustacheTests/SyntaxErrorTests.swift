import Testing
import Mustache

/// A template that must not parse, and the whole error it must give.
struct SyntaxErrorCase: CustomTestStringConvertible, Sendable {
    var template: String
    var message: String
    var line: Int
    var column: Int
    var lineText: String

    var testDescription: String { message }
}

@Test(arguments: [
    SyntaxErrorCase(
        template: "<ul>\n  {{#slides}}\n  <li>{{title}}</li>\n</ul>\n",
        message: "unclosed section 'slides'", line: 2, column: 3, lineText: "  {{#slides}}"),
    SyntaxErrorCase(
        template: "{{^empty}}none", message: "unclosed section 'empty'", line: 1, column: 1, lineText: "{{^empty}}none"),
    SyntaxErrorCase(
        template: "{{#a}}\n  {{#b}}\n  {{/a}}\n{{/b}}",
        message: "closing tag 'a' does not match the open section 'b'", line: 3, column: 3, lineText: "  {{/a}}"),
    SyntaxErrorCase(
        template: "text {{/a}}", message: "unexpected closing tag 'a': no section is open", line: 1, column: 6,
        lineText: "text {{/a}}"),
    SyntaxErrorCase(
        template: "{{<layout}}\n{{$content}}\n", message: "unclosed block 'content'", line: 2, column: 1,
        lineText: "{{$content}}"),
    SyntaxErrorCase(
        template: "{{<layout}}\n{{$content}}{{/content}}\n{{/lay}}",
        message: "closing tag 'lay' does not match the open parent 'layout'", line: 3, column: 1, lineText: "{{/lay}}"),
    SyntaxErrorCase(
        template: "a\nb {{name\nc", message: "unclosed tag: expected '}}'", line: 2, column: 3, lineText: "b {{name"),
    SyntaxErrorCase(
        template: "<p>{{caption</p>\n<p>{{title}}</p>", message: "unclosed tag: expected '}}'", line: 1, column: 4,
        lineText: "<p>{{caption</p>"),
    SyntaxErrorCase(
        template: "{{{html}}", message: "unclosed tag: expected '}}}'", line: 1, column: 1, lineText: "{{{html}}"),
    SyntaxErrorCase(
        template: "x {{! never closed", message: "unclosed comment: expected '}}'", line: 1, column: 3,
        lineText: "x {{! never closed"),
    SyntaxErrorCase(
        template: "{{=<% %>=}}\n<%name", message: "unclosed tag: expected '%>'", line: 2, column: 1, lineText: "<%name"),
    SyntaxErrorCase(
        template: "a\r\n {{=<%=}}\r\n",
        message: "invalid delimiter tag: expected two delimiters separated by a space, like '{{=<% %>=}}'",
        line: 2, column: 2, lineText: " {{=<%=}}"),
    SyntaxErrorCase(
        template: "{{=<% %>", message: "unclosed delimiter tag: expected '=}}'", line: 1, column: 1, lineText: "{{=<% %>"),
    SyntaxErrorCase(
        template: "[{{ }}]", message: "empty tag: expected a name between '{{' and '}}'", line: 1, column: 2,
        lineText: "[{{ }}]"),
    SyntaxErrorCase(
        template: "{{#}}", message: "empty tag: expected a name between '{{' and '}}'", line: 1, column: 1, lineText: "{{#}}"),
    SyntaxErrorCase(
        template: "{{first name}}", message: "invalid name 'first name': names cannot contain spaces", line: 1,
        column: 1, lineText: "{{first name}}"),
    SyntaxErrorCase(
        template: "{{slide..title}}", message: "invalid name 'slide..title': expected '.' or names joined by single dots",
        line: 1, column: 1, lineText: "{{slide..title}}"),
    SyntaxErrorCase(
        template: "{{*name}}", message: "dynamic name '*name' is only allowed in partial and parent tags", line: 1,
        column: 1, lineText: "{{*name}}"),
    SyntaxErrorCase(
        template: "{{>*}}", message: "empty dynamic name: expected a name after '*'", line: 1, column: 1,
        lineText: "{{>*}}"),
    // Columns count Unicode scalars, not bytes: "é" and "🎞" are one column each.
    SyntaxErrorCase(
        template: "é🎞 {{#x}}", message: "unclosed section 'x'", line: 1, column: 4, lineText: "é🎞 {{#x}}"),
])
func syntaxError(_ row: SyntaxErrorCase) {
    let error = mustacheError { () throws(MustacheError) in _ = try MustacheLibrary(templates: ["page.mustache": row.template]) }
    #expect(
        error
            == MustacheError(
                message: row.message, template: "page.mustache", line: row.line, column: row.column,
                lineText: row.lineText))
}

@Test func libraryReportsTheFirstBrokenTemplateInNameOrder() {
    let templates = ["b.mustache": "{{#x}}", "a.mustache": "fine", "c.mustache": "{{/y}}"]
    let error = mustacheError { () throws(MustacheError) in _ = try MustacheLibrary(templates: templates) }
    #expect(error == MustacheError(message: "unclosed section 'x'", template: "b.mustache", line: 1, column: 1, lineText: "{{#x}}"))
}

@Test func syntaxErrorsListsOneErrorPerBrokenTemplate() {
    let templates = ["b.mustache": "{{#x}}", "a.mustache": "fine", "c.mustache": "ok\n{{/y}}"]
    #expect(
        MustacheLibrary.syntaxErrors(in: templates) == [
            MustacheError(message: "unclosed section 'x'", template: "b.mustache", line: 1, column: 1, lineText: "{{#x}}"),
            MustacheError(
                message: "unexpected closing tag 'y': no section is open", template: "c.mustache", line: 2, column: 1,
                lineText: "{{/y}}"),
        ])
}

@Test func errorDescriptionIsCompilerStyle() {
    let error = MustacheError(message: "unclosed section 'x'", template: "page.mustache", line: 3, column: 5, lineText: "")
    #expect(error.description == "page.mustache:3:5: error: unclosed section 'x'")
    #expect(
        MustacheError(message: "no template named 'p'", template: "p", line: 0, column: 0, lineText: "").description
            == "p: error: no template named 'p'")
}
