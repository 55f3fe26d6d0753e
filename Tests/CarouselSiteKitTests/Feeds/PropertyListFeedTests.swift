import Foundation
import Testing
@testable import CarouselSiteKit

/// Property lists as feeds, XML and binary, and their errors.
@Suite struct PropertyListFeedTests {
    @Test func classicCaptionDictionaryKeepsDocumentOrder() throws {
        let result = try read(Fixtures.source("captions.plist"), folder: "moon")
        #expect(result.slides == [
            SlideContent("local:moon/2.jpg", caption: "Moon"),
            SlideContent("local:moon/0.jpg", caption: "Astronaut"),
            SlideContent("local:moon/1.jpg", caption: "Lunar module"),
        ])
        #expect(result.locations.map { $0?.line } == [5, 7, 9])
    }

    @Test func binaryPropertyListReadsTheSame() throws {
        let result = try read(Fixtures.source("captions.bplist"))
        #expect(result.slides.map(\.image) == ["local:2.jpg", "local:0.jpg", "local:1.jpg"])
        #expect(result.slides.map(\.caption) == ["Moon", "Astronaut", "Lunar module"])
    }

    @Test func arrayOfDictionariesUsesTheJSONFieldNames() throws {
        let result = try read(Fixtures.source("slides.plist"))
        #expect(result.slides == [
            SlideContent("local:harbour.jpg", title: "Harbour", link: "https://example.com/harbour"),
            SlideContent("https://example.com/bridge.jpg", title: "Bridge"),
        ])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var plist: String
        var expected: Diagnostic
        var testDescription: String { expected.message }
    }

    static let cases: [Case] = [
        Case(plist: "<plist><dict>\n<key>a.jpg</key>\n</dict></plist>", expected: error("missing value for key 'a.jpg'", "p.plist", 2, 1, "<key>a.jpg</key>")),
        Case(plist: "<plist><array><key>k</key></array></plist>", expected: error("unexpected '<key>' in an array; expected a value", "p.plist", 1, 15, "<plist><array><key>k</key></array></plist>")),
        Case(plist: "<plist><dict><string>v</string></dict></plist>", expected: error("expected '<key>' before '<string>' in a dictionary", "p.plist", 1, 14, "<plist><dict><string>v</string></dict></plist>")),
        Case(plist: "<plist><dict><key>a</key><key>b</key></dict></plist>", expected: error("expected a value after '<key>', found another '<key>'", "p.plist", 1, 26, "<plist><dict><key>a</key><key>b</key></dict></plist>")),
        Case(plist: "<plist>\n  <integer>12x</integer>\n</plist>", expected: error("invalid integer '12x'; expected decimal or 0x-prefixed hexadecimal digits", "p.plist", 2, 3, "  <integer>12x</integer>")),
        Case(plist: "<plist><date>yesterday</date></plist>", expected: error("invalid date 'yesterday'; expected ISO 8601 like '2024-05-01T12:00:00Z'", "p.plist", 1, 8, "<plist><date>yesterday</date></plist>")),
        Case(plist: "<plist><blob/></plist>", expected: error("unknown property-list element '<blob>'; expected dict, array, string, integer, real, true, false, date or data", "p.plist", 1, 8, "<plist><blob/></plist>")),
        Case(plist: "<plist><true/><false/></plist>", expected: error("'<plist>' must hold exactly one value, found 2", "p.plist", 1, 15, "<plist><true/><false/></plist>")),
        Case(plist: "<plist>&amp;</plist>", expected: error("unexpected text in '<plist>'; expected only elements", "p.plist", 1, 1, "<plist>&amp;</plist>")),
    ]

    @Test(arguments: cases)
    func malformedXMLPropertyList(_ testCase: Case) {
        #expect(readError(text: testCase.plist, name: "p.plist") == testCase.expected)
    }

    @Test func integersCoverTheUnsignedRange() throws {
        let values = try ["0xa", "-9223372036854775808", "18446744073709551615", "+7"].map { text in
            try PropertyListReader.read(SourceText(name: "p", text: "<plist><integer>\(text)</integer></plist>")).value
        }
        #expect(values == [.integer("10"), .integer("-9223372036854775808"), .integer("18446744073709551615"), .integer("7")])
        #expect(throws: Diagnostic.self) { try PropertyListReader.read(SourceText(name: "p", text: "<plist><integer>18446744073709551616</integer></plist>")) }
        #expect(throws: Diagnostic.self) { try PropertyListReader.read(SourceText(name: "p", text: "<plist><integer>+-1</integer></plist>")) }
    }
}

/// The OpenStep ASCII property-list format.
@Suite struct OpenStepPropertyListTests {
    @Test func captionDictionaryInDocumentOrder() throws {
        let result = try read(Fixtures.source("captions-ascii.plist"))
        #expect(result.slides == [
            SlideContent("local:rocket.jpg", caption: "Lift-off"),
            SlideContent("local:orbit.jpg", caption: "In orbit \u{2014} day 2"),
            SlideContent("local:landing.jpg", caption: "Splashdown"),
        ])
    }

    @Test func arraysDataAndEscapes() throws {
        let root = try PropertyListReader.read(SourceText(name: "a.plist", text: "( \"a\\tb\\101\", <0fbd 77>, bare_word )"))
        #expect(root == PropertyListNode(.array([
            PropertyListNode(.string("a\tbA"), offset: 2),
            PropertyListNode(.data([0x0F, 0xBD, 0x77]), offset: 14),
            PropertyListNode(.string("bare_word"), offset: 25),
        ]), offset: 0))
    }

    @Test func missingSemicolonIsLocated() {
        #expect(readError(text: "{\n  a.jpg = Moon\n}", name: "c.plist") == error("expected ';' after the value of 'a.jpg'", "c.plist", 3, 1, "}"))
    }
}
