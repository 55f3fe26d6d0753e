import Foundation
import Testing
@testable import CarouselSiteKit

/// RSS (2.0 and 1.0), Media RSS, Atom and JSON Feed, read from the project's fixtures.
@Suite struct SyndicationFeedTests {
    @Test func mediaRSSPicksTheLargestImageThenFallsBack() throws {
        let result = try read(Fixtures.source("media-rss.xml"))
        #expect(result.slides == [
            SlideContent("https://img.example.com/1-large.jpg", title: "Largest content wins", caption: "Caption with markup & entities", link: "https://example.com/1"),
            SlideContent("https://img.example.com/2-b.jpg", title: "Thumbnails only"),
            SlideContent("https://example.com/3.jpg", title: "Image enclosure", link: "https://example.com/3"),
            SlideContent("https://example.com/4.gif", title: "First img of the description", caption: "Text"),
        ])
        #expect(result.diagnostics == [
            warning("item has no usable image; it is skipped", "media-rss.xml", 31, 5, "    <item>"),
        ])
        #expect(result.locations.map { $0?.line } == [5, 16, 21, 27])
    }

    @Test func atomResolvesAgainstXMLBaseAndReadsTextConstructs() throws {
        let result = try read(Fixtures.source("atom.xml"), url: URL(string: "https://feeds.example.net/atom.xml"))
        #expect(result.slides == [
            SlideContent("https://example.net/blog/images/fish.jpg", title: "Fish & chips", caption: "Plain <text> stays", link: "https://example.net/blog/posts/fish.html"),
            SlideContent("https://static.example.net/2024/thumbs/two.jpg", title: "Inline XHTML", link: "https://example.net/blog/posts/two.html"),
            SlideContent("https://example.net/photos/three.png", title: "Image in content"),
        ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func rss10ItemsAreRead() throws {
        let result = try read(Fixtures.source("rdf.xml"))
        #expect(result.slides == [
            SlideContent("https://example.org/a.jpg", title: "A", link: "https://example.org/a"),
            SlideContent("https://example.org/b.jpg", title: "B", link: "https://example.org/b"),
        ])
    }

    @Test func jsonFeedImagesBannersAttachmentsAndHTML() throws {
        let result = try read(Fixtures.source("jsonfeed.json"), url: URL(string: "https://example.org/feed.json"))
        #expect(result.slides == [
            SlideContent("https://example.org/1.jpg", title: "Image field", caption: "A summary", link: "https://example.org/posts/1"),
            SlideContent("https://example.org/2-banner.jpg", title: "Banner only", caption: "Text content", link: "https://elsewhere.example/2"),
            SlideContent("https://example.org/3.png", title: "Attachment"),
            SlideContent("https://example.org/img/4.jpg", title: "From HTML"),
        ])
        #expect(result.diagnostics.map(\.message) == ["item has no usable image; it is skipped"])
        #expect(result.diagnostics.first?.location?.line == 9)
    }

    @Test func formatIsDetectedByContentNotName() throws {
        let rss = "<rss version=\"2.0\"><channel><item><enclosure url=\"https://e.com/a.png\" type=\"image/png\"/></item></channel></rss>"
        #expect(try read(text: rss, name: "feed.json").slides == [SlideContent("https://e.com/a.png")])
        #expect(try read(text: "\u{FEFF}  [\"https://e.com/b.png\"]", name: "feed.xml").slides == [SlideContent("https://e.com/b.png")])
    }

    @Test func latin1FeedsAreTranscoded() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss><channel><item><title>Caf".utf8)
        bytes.append(0xE9)  // é in ISO-8859-1
        bytes += Array("</title><enclosure url=\"https://e.com/c.jpg\" type=\"image/jpeg\"/></item></channel></rss>".utf8)
        let result = try read(SourceText(name: "latin1.xml", bytes: bytes))
        #expect(result.slides == [SlideContent("https://e.com/c.jpg", title: "Café")])
    }

    @Test func internalEntitiesWithPlainTextAreExpanded() throws {
        let feed = """
        <!DOCTYPE rss [ <!ENTITY host "https://e.com"> ]>
        <rss><channel><item><title>At &host;</title><enclosure url="&host;/d.jpg" type="image/jpeg"/></item></channel></rss>
        """
        #expect(try read(text: feed).slides == [SlideContent("https://e.com/d.jpg", title: "At https://e.com")])
    }
}
