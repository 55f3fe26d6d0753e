import Foundation
@testable import CarouselSiteKit

/// The project's own feed fixtures, found beside the test sources so a fresh clone has them.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Feeds
        .deletingLastPathComponent()  // CarouselSiteKitTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/feeds")

    static func source(_ name: String) throws -> SourceText {
        SourceText(name: name, data: try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}

/// A slide without its location, for comparing what was read in one expression.
struct SlideContent: Hashable, CustomStringConvertible {
    var image: String
    var title: String?
    var caption: String?
    var link: String?
    var alt: String?

    init(_ image: String, title: String? = nil, caption: String? = nil, link: String? = nil, alt: String? = nil) {
        self.image = image
        self.title = title
        self.caption = caption
        self.link = link
        self.alt = alt
    }

    init(_ slide: Slide) {
        let image = switch slide.image {
        case .local(let path): "local:" + path
        case .remote(let url): url.absoluteString
        }
        self.init(image, title: slide.title, caption: slide.caption, link: slide.link, alt: slide.alt)
    }

    var description: String { "\(image) \(title ?? "-") | \(caption ?? "-") | \(link ?? "-") | \(alt ?? "-")" }
}

/// What one read produced: the slides' content and every diagnostic logged.
struct ReadResult {
    var slides: [SlideContent]
    var locations: [SourceLocation?]
    var diagnostics: [Diagnostic]
}

func read(_ source: SourceText, url: URL? = nil, folder: String = "", mapping: FieldMapping = FieldMapping()) throws(Diagnostic) -> ReadResult {
    let log = DiagnosticLog()
    let slides = try FeedReader(mapping: mapping).read(FeedDocument(source: source, url: url, folder: folder), log: log)
    return ReadResult(slides: slides.map(SlideContent.init), locations: slides.map(\.location), diagnostics: log.diagnostics)
}

func read(text: String, name: String = "feed", url: URL? = nil, folder: String = "", mapping: FieldMapping = FieldMapping()) throws(Diagnostic) -> ReadResult {
    try read(SourceText(name: name, text: text), url: url, folder: folder, mapping: mapping)
}

/// The diagnostic a read throws, or nil when it succeeds.
func readError(_ source: SourceText, url: URL? = nil, mapping: FieldMapping = FieldMapping()) -> Diagnostic? {
    do {
        _ = try FeedReader(mapping: mapping).read(FeedDocument(source: source, url: url), log: DiagnosticLog())
        return nil
    } catch {
        return error
    }
}

func readError(text: String, name: String = "feed", mapping: FieldMapping = FieldMapping()) -> Diagnostic? {
    readError(SourceText(name: name, text: text), mapping: mapping)
}

/// A located warning as the reader reports it, for whole-value comparison.
func warning(_ message: String, _ file: String, _ line: Int, _ column: Int, _ lineText: String) -> Diagnostic {
    .warning(message, at: SourceLocation(file: file, line: line, column: column, lineText: lineText))
}

func error(_ message: String, _ file: String, _ line: Int, _ column: Int, _ lineText: String?, notes: [String] = []) -> Diagnostic {
    .error(message, at: SourceLocation(file: file, line: line, column: column, lineText: lineText), notes: notes)
}
