// libFuzzer entry: the Mustache engine on any template text. The input is parsed as a page, as a
// partial and as a parent the page extends, then rendered over a context with nested objects and
// lists, so section, partial and inheritance paths all see hostile text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let slide: MustacheValue = ["title": "<b>a</b>", "caption": "\"q\" & 'x'", "link": "https://example.com/?a=1&b=2", "first": true]
    let context: MustacheValue = [
        "title": "Fuzz", "slides": [slide, slide, ["title": "", "first": false]],
        "show": ["id": "index", "slides": [slide]], "empty": [], "none": .null, "count": 3, "ratio": 1.5,
    ]
    let templates = ["page.mustache": text, "partials/slide.mustache": text, "layout.mustache": "{{$main}}default{{/main}}{{> slide}}"]
    if let library = try? MustacheLibrary(templates: templates) {
        _ = try? library.render("page.mustache", with: context)
        _ = try? library.render("page.mustache", with: context, strict: true)
    }
    _ = MustacheLibrary.syntaxErrors(in: ["page.mustache": text])
    return 0
}
