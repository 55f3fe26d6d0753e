import Foundation
import Testing
@testable import CarouselSiteKit

@Suite struct SitePathTests {
    @Test(arguments: [("a/./b/../c", "a/c"), ("photos//0.jpg", "photos/0.jpg"), ("x", "x"), ("a/..", "")])
    func normalizes(path: String, expected: String) {
        #expect(SitePath.normalize(path) == expected)
    }

    @Test(arguments: ["../etc/passwd", "a/../../b", "/etc/passwd", "a\\..\\b", "a\0b"])
    func refusesEscapes(path: String) {
        #expect(SitePath.normalize(path) == nil)
    }

    @Test func refusesSymlinksLeadingOutOfTheSite() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("site-path-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("out").path, withDestinationPath: "/etc")
        #expect(throws: Diagnostic.self) { try SitePath.resolve("out/passwd", in: site, what: "feed", at: nil) }
        #expect(try SitePath.resolve("inside.json", in: site, what: "feed", at: nil).lastPathComponent == "inside.json")
    }
}
