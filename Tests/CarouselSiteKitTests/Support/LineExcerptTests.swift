import Foundation
import Testing
@testable import CarouselSiteKit

/// Locations in long lines keep a bounded excerpt, whatever the bytes.
@Suite struct LineExcerptTests {
    /// Stray UTF-8 continuation bytes have no character boundary to step back to: the excerpt is
    /// cut anyway, and stays bounded. (Once an out-of-range crash, found by the xml-feed fuzz
    /// target: a feed beginning with 0xBB bytes.)
    @Test(arguments: [0, 1, 30, 600, 1999, 2000])
    func strayContinuationBytesAreCutAnywhere(offset: Int) {
        let source = SourceText(name: "feed.xml", bytes: [UInt8](repeating: 0xBB, count: 2000))
        let location = source.location(ofByteOffset: offset)
        #expect(location.line == 1 && location.column == offset + 1)
        #expect((location.lineText?.unicodeScalars.count ?? .max) <= 2 * LineExcerpt.contextBytes + 2)
    }

    @Test func theInvalidByteOfALongLineIsReported() {
        let bytes = [UInt8](repeating: 0xBB, count: 1500) + Array("<rss/>".utf8)
        let diagnostic = #expect(throws: Diagnostic.self) {
            try FeedReader().read(FeedDocument(source: SourceText(name: "feed.xml", bytes: bytes)), log: DiagnosticLog())
        }
        #expect(diagnostic?.location?.line == 1)
    }

    @Test func charactersAreNotSplitAtTheCut() {
        let line = String(repeating: "é", count: 1000)  // 2,000 bytes
        let location = SourceText(name: "t", text: line).location(ofByteOffset: 1001)  // inside the 501st 'é'
        #expect(location.lineText?.contains("\u{FFFD}") == false)
    }
}
