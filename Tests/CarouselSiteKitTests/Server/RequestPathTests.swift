import Testing
@testable import CarouselSiteKit

@Suite struct RequestPathTests {
    @Test(arguments: [
        ("/", [], true),
        ("/index.html", ["index.html"], false),
        ("/photos/", ["photos"], true),
        ("/photos//sea%20view.jpg", ["photos", "sea view.jpg"], false),
        ("/caf%C3%A9.jpg", ["café.jpg"], false),
        ("/a.b/..c/", ["a.b", "..c"], true),
    ])
    func decodesSegments(_ path: String, segments: [String], trailingSlash: Bool) {
        #expect(RequestPath.parse(path[...]) == .success(RequestPath(segments: segments, hasTrailingSlash: trailingSlash)))
    }

    @Test(arguments: [
        "/../etc/passwd", "/a/../../b", "/%2e%2e/secret", "/%2E%2e/secret", "/.%2e/secret", "/./a",
        "/a%2f..%2f..%2fsecret", "/a%2Fb", "/a%5cb", "/a%00.html", "/%ff",
    ])
    func refusesSegmentsThatLeaveTheFolder(_ path: String) {
        #expect(RequestPath.parse(path[...]) == .failure(.forbidden))
    }

    @Test(arguments: ["index.html", "http://example.com/", "/%zz", "/a%2", "*"])
    func refusesMalformedTargets(_ path: String) {
        #expect(RequestPath.parse(path[...]) == .failure(.malformed))
    }

    @Test func encodesSegmentsForRedirects() throws {
        let path = try RequestPath.parse("/sea%20view/caf%C3%A9/"[...]).get()
        #expect(path.encoded == "/sea%20view/caf%C3%A9/")
    }
}

@Suite struct EntityTagTests {
    let tag = EntityTag(of: Array("hello".utf8))

    @Test func isStrongQuotedAndChangesWithContent() {
        #expect(tag.value.hasPrefix("\"") && tag.value.hasSuffix("\""))
        #expect(tag != EntityTag(of: Array("hellp".utf8)))
        #expect(tag == EntityTag(of: Array("hello".utf8)))
    }

    @Test func matchesIfNoneMatchLists() {
        #expect(tag.matches(ifNoneMatch: tag.value))
        #expect(tag.matches(ifNoneMatch: "\"x\", W/\(tag.value)"))
        #expect(tag.matches(ifNoneMatch: " * "))
        #expect(!tag.matches(ifNoneMatch: "\"x\""))
    }
}
