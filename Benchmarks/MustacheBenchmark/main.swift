// Usage: MustacheBenchmark [SLIDES] [RUNS]
//
// Parses a slideshow page template once, then renders it with SLIDES slides RUNS times and
// prints the median parse and render times in milliseconds, one "name value" pair a line.
import Dispatch
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Mustache

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let slideCount = arguments.first ?? 1_000
let runs = arguments.dropFirst().first ?? 50

/// A page shaped like the default theme's: a layout with blocks, a partial per slide,
/// escaped captions and attributes, optional links.
let templates = [
    "layout.mustache": """
        <!doctype html>
        <html lang="{{language}}">
          <head>
            <title>{{$title}}{{site.title}}{{/title}}</title>
          </head>
          <body>
            {{$content}}{{/content}}
          </body>
        </html>

        """,
    "page.mustache": """
        {{<layout}}
        {{$title}}{{title}} – {{site.title}}{{/title}}
        {{$content}}
        <ol class="carousel">
          {{#slides}}
          {{>slide}}
          {{/slides}}
        </ol>
        {{/content}}
        {{/layout}}

        """,
    "partials/slide.mustache": """
        <li class="slide" id="slide-{{index}}">
          {{#link}}<a href="{{link}}">{{/link}}
          <img src="{{image.src}}" srcset="{{#image.sizes}}{{url}} {{width}}w, {{/image.sizes}}" alt="{{alt}}" width="{{image.width}}" height="{{image.height}}">
          {{#link}}</a>{{/link}}
          {{#caption}}<p class="caption">{{caption}}</p>{{/caption}}
        </li>

        """,
]

func slide(_ index: Int) -> MustacheValue {
    let sizes: MustacheValue = .array([480, 960, 1920].map { width in
        ["url": .string("images/\(index)-\(width).webp"), "width": .int(width)]
    })
    return [
        "index": .int(index),
        "title": .string("Slide \(index)"),
        "caption": index.isMultiple(of: 3) ? nil : .string("Caption <\(index)> & \"quotes\" in 'it'"),
        "alt": .string("Photo number \(index)"),
        "link": index.isMultiple(of: 2) ? .string("https://example.com/\(index)?a=1&b=2") : nil,
        "image": [
            "src": .string("images/\(index)-960.webp"), "width": 960, "height": 640, "sizes": sizes,
        ],
    ]
}

let context: MustacheValue = [
    "language": "en",
    "title": "Holidays",
    "site": ["title": "Photos"],
    "slides": .array((0..<slideCount).map(slide)),
]

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

do {
    var library: MustacheLibrary? = nil
    let parse = try median((0..<runs).map { _ in
        try milliseconds { library = try MustacheLibrary(templates: templates) }
    })
    var bytes = 0
    let render = try median((0..<runs).map { _ in
        try milliseconds { bytes = try library!.render("page.mustache", with: context, strict: true).utf8.count }
    })
    print("slides \(slideCount)")
    print("output_bytes \(bytes)")
    print("parse_ms \(parse)")
    print("render_ms \(render)")
} catch {
    print("error: \(error)")
    exit(1)
}
