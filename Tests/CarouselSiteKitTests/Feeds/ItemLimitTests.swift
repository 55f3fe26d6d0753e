import Foundation
import Testing
@testable import CarouselSiteKit

/// A feed longer than its show's `maxSlides` is refused with one error at the first item past
/// the limit, whatever its format; one at the limit is read whole.
@Suite struct ItemLimitTests {
    static let feeds: [(name: String, text: String, thirdItemLine: Int)] = [
        ("array.json", "[\n{\"image\": \"a.jpg\"},\n{\"image\": \"b.jpg\"},\n{\"image\": \"c.jpg\"}\n]", 4),
        ("classic.json", "{\n\"a.jpg\": \"A\",\n\"b.jpg\": \"B\",\n\"c.jpg\": \"C\"\n}", 4),
        ("feed.rss", """
            <rss version="2.0"><channel><title>t</title>
            <item><enclosure url="http://example.com/a.jpg" type="image/jpeg"/></item>
            <item><enclosure url="http://example.com/b.jpg" type="image/jpeg"/></item>
            <item><enclosure url="http://example.com/c.jpg" type="image/jpeg"/></item>
            </channel></rss>
            """, 4),
    ]

    @Test(arguments: feeds)
    func longerThanTheLimitIsOneLocatedError(feed: (name: String, text: String, thirdItemLine: Int)) {
        let source = SourceText(name: feed.name, text: feed.text)
        #expect {
            _ = try FeedReader(maximumItems: 2).read(FeedDocument(source: source), log: DiagnosticLog())
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.message == "the feed has 3 items, more than the 2 a slideshow may hold"
                && diagnostic.location?.line == feed.thirdItemLine
                && diagnostic.notes.contains { $0.contains("'maxSlides'") }
        }
    }

    @Test(arguments: feeds)
    func atTheLimitIsReadWhole(feed: (name: String, text: String, thirdItemLine: Int)) throws {
        let source = SourceText(name: feed.name, text: feed.text)
        let slides = try FeedReader(maximumItems: 3).read(FeedDocument(source: source), log: DiagnosticLog())
        #expect(slides.count == 3)
    }

    /// Through the binary: the config's `maxSlides` sets the limit of its show.
    @Test func configMaxSlidesLimitsTheBuild() throws {
        let scratch = try ScratchSite()
        try scratch.write("feed.json", #"[{"image": "photos/0.jpg"}, {"image": "photos/1.jpg"}, {"image": "photos/2.jpg"}]"#)
        try scratch.write("carousel.json", #"{"feed": "feed.json", "maxSlides": 2}"#)
        let refused = try scratch.run(["build", "site"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("feed.json:1:56: error: the feed has 3 items, more than the 2 a slideshow may hold"), "\(refused.stderr)")
        #expect(!scratch.exists("_site/index.html"))

        try scratch.write("carousel.json", #"{"feed": "feed.json", "maxSlides": 3}"#)
        let built = try scratch.run(["build", "site"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(try scratch.read("_site/index.html").contains(#"aria-label="Slide 3 of 3""#))
    }
}
