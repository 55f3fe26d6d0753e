import Testing
import Mustache

/// A small deterministic generator (SplitMix64), so every run checks the same templates.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    // The constants are SplitMix64's published increment and mixing multipliers.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Fragments that combine into valid, broken and odd templates alike.
private let fragments = [
    "{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^a}}", "{{#b}}", "{{/b}}", "{{>p}}", "{{>q}}", "{{<p}}",
    "{{/p}}", "{{$a}}", "{{$b}}", "{{/*n}}", "{{>*n}}", "{{<*n}}", "{{!c}}", "{{=<% %>=}}", "<%a%>", "<%={{ }}=%>",
    "{{a}}", "{{a.b}}", "{{.}}", "{{&a}}", "{{a..b}}", "{{=}}", "{{ }}", "\n", "\r\n", "  ", "\t", "x", "é", "🎞",
    "<", "&", "*", "{", "}", "=", "%>",
]

@Test func randomTemplatesRenderOrFailWithALocatedError() {
    // Any fixed seed will do; fixing it keeps failures reproducible.
    var random = SplitMix64(state: 2024)
    let partials = ["p": "[{{$a}}pa{{/a}}{{a}}{{>q}}]", "q": "  {{#a}}\n{{>p}}\n  {{/a}}\n", "n": "N"]
    let contexts: [MustacheValue] = [
        [:], ["a": true, "n": "p"], ["a": [1, 2], "b": ["b": "&"], "n": "q"], ["a": ["b": [true]], "n": 3],
    ]
    var rendered = 0
    var failures = 0
    for _ in 0..<2_000 {
        // Up to 12 fragments: long enough to nest and break things, short enough to read.
        let count = Int.random(in: 1...12, using: &random)
        let template = (0..<count).map { _ in fragments.randomElement(using: &random)! }.joined()
        for strict in [false, true] {
            do throws(MustacheError) {
                var templates = partials
                templates["t"] = template
                let library = try MustacheLibrary(templates: templates)
                _ = try library.render("t", with: contexts.randomElement(using: &random)!, strict: strict)
                rendered += 1
            } catch {
                failures += 1
                // Every error points inside a template that exists, at a real line and column.
                let source = error.template == "t" ? template : partials[error.template]
                #expect(source != nil, "\(error)")
                // Bytes, not Characters: "\r\n" is one Character and would hide a line break.
                let lines = (source ?? "").utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                #expect(error.line >= 1 && error.line <= lines.count, "\(error) in \(template.debugDescription)")
                #expect(error.column >= 1, "\(error)")
                #expect(!error.message.isEmpty && error.message.first!.isLowercase, "\(error)")
            }
        }
    }
    // Both outcomes must be common, or the fragments stopped exercising one of them.
    #expect(rendered > 200)
    #expect(failures > 2_000)
}
